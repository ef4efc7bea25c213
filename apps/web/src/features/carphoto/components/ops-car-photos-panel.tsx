import { useEffect, useState } from 'react';
import {
  App,
  Button,
  Form,
  Input,
  Modal,
  Radio,
  Segmented,
  Select,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
  type FormInstance,
  type TableColumnsType,
} from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  CAR_KEYWORD_MAX,
  CAR_PHOTO_LIMITS,
  CAR_PHOTO_TAGS,
  EDITOR_THUMBNAIL_WIDTH,
  imageUrlAtSize,
  type CarPhotoTag,
  type OpsCarPhoto,
  type SaveCarPhotoInput,
} from '@cc/contracts';
import { ImageUpload } from '../../../components/image-upload';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { CAR_SEARCH_DEBOUNCE_MS, carSeriesLabel, useCarSeriesSearch } from '../../../components/work-pickers';
import { apiErrorText, isApiError } from '../../../lib/api-client';
import { useOpsCarPhotos, useRetireCarPhoto, useSaveCarPhoto } from '../api/carphoto-api';
import './carphoto.css';

/** The form's fields; the picture is kept outside the form fields (url + pixels of the upload). */
interface PhotoFormValues {
  seriesId?: number;
  tag: CarPhotoTag;
  captionZh: string;
  captionEn: string;
  creditZh: string;
  creditEn: string;
  source: string;
}

const EMPTY: PhotoFormValues = {
  tag: 'exterior',
  captionZh: '',
  captionEn: '',
  creditZh: '',
  creditEn: '',
  source: '',
};

/** A server field's path → the form's field (`url` is shown under the picture). */
const FIELD_OF: Record<string, keyof PhotoFormValues> = {
  seriesId: 'seriesId',
  tag: 'tag',
  'caption.zh-CN': 'captionZh',
  'caption.en-US': 'captionEn',
  'credit.zh-CN': 'creditZh',
  'credit.en-US': 'creditEn',
  source: 'source',
};

function toValues(p: OpsCarPhoto): PhotoFormValues {
  return {
    seriesId: p.seriesId,
    tag: p.tag,
    captionZh: p.caption['zh-CN'],
    captionEn: p.caption['en-US'],
    creditZh: p.credit['zh-CN'],
    creditEn: p.credit['en-US'],
    source: p.source,
  };
}

/** The param of `ops/carphoto/save` from the form. */
export function toSaveCarPhotoParam(v: PhotoFormValues, url: string, id?: number): SaveCarPhotoInput {
  return {
    ...(id !== undefined ? { id } : {}),
    url,
    seriesId: v.seriesId ?? 0,
    tag: v.tag,
    caption: { 'zh-CN': v.captionZh, 'en-US': v.captionEn },
    credit: { 'zh-CN': v.creditZh, 'en-US': v.creditEn },
    source: v.source,
  };
}

type Status = 'all' | 'active' | 'retired';

/**
 * The operators' tab of the car photo library on `/ops/review?tab=photos` (issue #15 "Car photo library"): every
 * picture with its series, kind, captions, credit, source and usage; add (upload, then record), edit, retire and
 * restore. The library starts empty (no invented pictures): the empty state says what belongs in it.
 */
export function OpsCarPhotosPanel() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [status, setStatus] = useState<Status>('all');
  const [page, setPage] = useState(1);
  const list = useOpsCarPhotos({
    page,
    pageSize: 20,
    ...(status === 'all' ? {} : { retired: status === 'retired' }),
  });
  const save = useSaveCarPhoto();
  const retire = useRetireCarPhoto();
  const [editing, setEditing] = useState<OpsCarPhoto | 'new' | null>(null);
  const errorText = (e: unknown) => apiErrorText(e, t, (k) => i18n.exists(k));
  const tagText = (x: CarPhotoTag) => t(`carphoto.tags.${x}`);

  const toggle = (p: OpsCarPhoto) =>
    retire.mutate(
      { id: p.id, retired: !p.retired },
      {
        onSuccess: () =>
          void message.success(p.retired ? t('carphoto.ops.restoredDone') : t('carphoto.ops.retiredDone')),
        onError: (e) => void message.error(errorText(e)),
      },
    );

  const columns: TableColumnsType<OpsCarPhoto> = [
    {
      title: t('carphoto.ops.columns.image'),
      key: 'image',
      render: (_, p) => (
        <img
          className="cc-carphoto-ops-thumb"
          src={imageUrlAtSize(p.url, EDITOR_THUMBNAIL_WIDTH, 0)}
          alt={p.caption[i18n.language === 'en-US' ? 'en-US' : 'zh-CN']}
        />
      ),
    },
    {
      title: t('carphoto.ops.columns.series'),
      key: 'series',
      render: (_, p) => <span className="cc-nowrap">{`${p.brandName} ${p.seriesName}`}</span>,
    },
    {
      title: <span className="cc-nowrap">{t('carphoto.ops.columns.tag')}</span>,
      dataIndex: 'tag',
      render: (x: CarPhotoTag) => <span className="cc-nowrap">{tagText(x)}</span>,
    },
    {
      title: t('carphoto.ops.columns.caption'),
      key: 'caption',
      render: (_, p) => (
        <span>
          <span lang="zh-CN">{p.caption['zh-CN']}</span>
          <br />
          <Typography.Text type="secondary" lang="en-US">
            {p.caption['en-US']}
          </Typography.Text>
        </span>
      ),
    },
    {
      title: t('carphoto.ops.columns.credit'),
      key: 'credit',
      render: (_, p) => (
        <span>
          <span lang="zh-CN">{p.credit['zh-CN']}</span> / <span lang="en-US">{p.credit['en-US']}</span>
          <br />
          <Typography.Text type="secondary" className="cc-carphoto-source">
            {p.source}
          </Typography.Text>
        </span>
      ),
    },
    {
      title: t('carphoto.ops.columns.usage'),
      key: 'usage',
      align: 'right',
      render: (_, p) => (
        <span className="cc-tabular cc-nowrap">
          {t('carphoto.ops.uses', { count: p.uses, users: p.users })}
        </span>
      ),
    },
    {
      title: <span className="cc-nowrap">{t('carphoto.ops.columns.state')}</span>,
      dataIndex: 'retired',
      render: (r: boolean) =>
        r ? <Tag>{t('carphoto.ops.retired')}</Tag> : <Tag color="blue">{t('carphoto.ops.active')}</Tag>,
    },
    {
      title: t('carphoto.ops.columns.actions'),
      key: 'actions',
      render: (_, p) => (
        <Space>
          <Button size="small" onClick={() => setEditing(p)} aria-label={`${t('carphoto.ops.edit')} ${p.id}`}>
            {t('carphoto.ops.edit')}
          </Button>
          <Button
            size="small"
            danger={!p.retired}
            onClick={() => toggle(p)}
            aria-label={`${p.retired ? t('carphoto.ops.restore') : t('carphoto.ops.retire')} ${p.id}`}
            data-testid={`carphoto-toggle-${p.id}`}
          >
            {p.retired ? t('carphoto.ops.restore') : t('carphoto.ops.retire')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="ops-car-photos">
      <Typography.Paragraph type="secondary">{t('carphoto.ops.intro')}</Typography.Paragraph>
      <Space wrap>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
          {t('carphoto.ops.new')}
        </Button>
        <Segmented<Status>
          aria-label={t('carphoto.ops.filterRetired')}
          data-testid="carphoto-status"
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          options={[
            { value: 'all', label: t('carphoto.ops.statusAll') },
            { value: 'active', label: t('carphoto.ops.statusActive') },
            { value: 'retired', label: t('carphoto.ops.statusRetired') },
          ]}
        />
      </Space>
      {list.isPending ? (
        <LoadingState rows={5} />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Table
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={list.data.list}
          scroll={{ x: true }}
          locale={{
            emptyText: (
              <EmptyState
                description={
                  <>
                    <div>{t('carphoto.ops.empty')}</div>
                    <Typography.Text type="secondary">{t('carphoto.ops.emptyHint')}</Typography.Text>
                  </>
                }
              />
            ),
          }}
          pagination={{
            current: page,
            pageSize: 20,
            total: list.data.total,
            hideOnSinglePage: true,
            onChange: setPage,
          }}
          data-testid="ops-carphoto-table"
        />
      )}
      {editing !== null ? (
        <PhotoFormModal
          photo={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          saving={save.isPending}
          onSave={(param, form, setUrlError) =>
            save.mutate(param, {
              onSuccess: () => {
                void message.success(t('carphoto.ops.saved'));
                setEditing(null);
              },
              onError: (e) => {
                const fields = isApiError(e, 10007)
                  ? ((e.data as { fields?: { path: string; message: string }[] } | null)?.fields ?? [])
                  : [];
                const url = fields.find((f) => f.path === 'url');
                if (url) setUrlError(url.message);
                const known = fields.filter((f) => FIELD_OF[f.path]);
                if (known.length > 0)
                  form.setFields(known.map((f) => ({ name: FIELD_OF[f.path]!, errors: [f.message] })));
                if (!url && known.length === 0) void message.error(errorText(e));
              },
            })
          }
        />
      ) : null}
    </Space>
  );
}

/** A single car series chosen from the catalogue's search (`car/series_search`), as the operators' form needs it. */
function SeriesSelect({
  id,
  value,
  onChange,
  initialLabel,
}: {
  id?: string;
  value?: number;
  onChange?: (v: number) => void;
  initialLabel?: string;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [labels, setLabels] = useState<Map<number, string>>(
    () => new Map(value !== undefined && initialLabel ? [[value, initialLabel]] : []),
  );
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed), CAR_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const search = useCarSeriesSearch(keyword);
  const found = (search.data ?? []).map((s) => ({ value: s.id, label: carSeriesLabel(s) }));
  const current =
    value !== undefined && labels.has(value) && !found.some((o) => o.value === value)
      ? [{ value, label: labels.get(value)! }]
      : [];
  const waiting = typed.trim() !== '' && (typed !== keyword || search.isFetching);
  return (
    <Select<number>
      id={id}
      showSearch={{
        filterOption: false,
        searchValue: typed,
        onSearch: (v) => setTyped(v.slice(0, CAR_KEYWORD_MAX)),
      }}
      value={value}
      options={[...current, ...found]}
      placeholder={t('carphoto.ops.form.seriesPlaceholder')}
      notFoundContent={
        waiting ? <Spin size="small" /> : typed.trim() ? t('carphoto.ops.form.seriesNone') : null
      }
      onChange={(v) => {
        const label = found.find((o) => o.value === v)?.label;
        if (label) setLabels(new Map(labels).set(v, label));
        onChange?.(v);
        setTyped('');
      }}
      style={{ width: '100%' }}
      data-testid="carphoto-series"
    />
  );
}

function PhotoFormModal({
  photo,
  onClose,
  onSave,
  saving,
}: {
  photo: OpsCarPhoto | null;
  onClose: () => void;
  onSave: (
    param: SaveCarPhotoInput,
    form: FormInstance<PhotoFormValues>,
    setUrlError: (m: string) => void,
  ) => void;
  saving: boolean;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PhotoFormValues>();
  const [url, setUrl] = useState<string | null>(photo?.url ?? null);
  const [urlError, setUrlError] = useState<string | null>(null);
  const required = { required: true, whitespace: true, message: t('carphoto.ops.form.required') };
  const creditZh = Form.useWatch('creditZh', form) ?? photo?.credit['zh-CN'] ?? '';
  const creditEn = Form.useWatch('creditEn', form) ?? photo?.credit['en-US'] ?? '';
  return (
    <Modal
      open
      title={photo ? t('carphoto.ops.form.editTitle') : t('carphoto.ops.form.createTitle')}
      onCancel={onClose}
      onOk={() => {
        if (!url) setUrlError(t('carphoto.ops.form.required'));
        form.submit();
      }}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      width={640}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={photo ? toValues(photo) : EMPTY}
        onFinish={(v) => {
          if (!url) return;
          onSave(toSaveCarPhotoParam(v, url, photo?.id), form, setUrlError);
        }}
        data-testid="carphoto-form"
      >
        <Form.Item
          label={t('carphoto.ops.form.image')}
          required
          validateStatus={urlError ? 'error' : undefined}
          help={urlError ?? undefined}
          extra={t('carphoto.ops.form.imageHint')}
        >
          {url ? (
            <img
              className="cc-carphoto-form-preview"
              src={imageUrlAtSize(url, EDITOR_THUMBNAIL_WIDTH, 0)}
              alt=""
            />
          ) : null}
          <ImageUpload
            variant="button"
            onUploaded={(r) => {
              setUrl(r.url);
              setUrlError(null);
            }}
          >
            <Button icon={<UploadOutlined aria-hidden />} data-testid="carphoto-upload">
              {url ? t('carphoto.ops.form.replace') : t('carphoto.ops.form.upload')}
            </Button>
          </ImageUpload>
        </Form.Item>
        <Form.Item
          name="seriesId"
          label={t('carphoto.ops.form.series')}
          rules={[{ required: true, message: t('carphoto.ops.form.required') }]}
        >
          <SeriesSelect initialLabel={photo ? `${photo.brandName} ${photo.seriesName}` : undefined} />
        </Form.Item>
        <Form.Item
          name="tag"
          label={t('carphoto.ops.form.tag')}
          rules={[{ required: true, message: t('carphoto.ops.form.required') }]}
        >
          <Radio.Group
            optionType="button"
            options={CAR_PHOTO_TAGS.map((x) => ({ value: x, label: t(`carphoto.tags.${x}`) }))}
          />
        </Form.Item>
        <Space wrap size={16} align="start" style={{ width: '100%' }} className="cc-carphoto-pair">
          <Form.Item name="captionZh" label={t('carphoto.ops.form.captionZh')} rules={[required]}>
            <Input maxLength={CAR_PHOTO_LIMITS.captionMax} lang="zh-CN" style={{ width: 270 }} />
          </Form.Item>
          <Form.Item name="captionEn" label={t('carphoto.ops.form.captionEn')} rules={[required]}>
            <Input maxLength={CAR_PHOTO_LIMITS.captionMax} lang="en-US" style={{ width: 270 }} />
          </Form.Item>
          <Form.Item
            name="creditZh"
            label={t('carphoto.ops.form.creditZh')}
            rules={[required]}
            extra={t('carphoto.ops.form.creditHintZh', { credit: creditZh || '…' })}
          >
            <Input maxLength={CAR_PHOTO_LIMITS.creditMax} lang="zh-CN" style={{ width: 270 }} />
          </Form.Item>
          <Form.Item
            name="creditEn"
            label={t('carphoto.ops.form.creditEn')}
            rules={[required]}
            extra={t('carphoto.ops.form.creditHintEn', { credit: creditEn || '…' })}
          >
            <Input maxLength={CAR_PHOTO_LIMITS.creditMax} lang="en-US" style={{ width: 270 }} />
          </Form.Item>
        </Space>
        <Form.Item
          name="source"
          label={t('carphoto.ops.form.source')}
          rules={[required]}
          extra={t('carphoto.ops.form.sourceHint')}
        >
          <Input maxLength={CAR_PHOTO_LIMITS.sourceMax} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
