import { useEffect, useState } from 'react';
import { App, Button, Input, Modal, Pagination, Segmented, Space, Typography } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  CAR_PHOTO_LIMITS,
  CAR_PHOTO_TAGS,
  EDITOR_THUMBNAIL_WIDTH,
  imageUrlAtSize,
  type CarPhotoItem,
  type CarPhotoTag,
} from '@cc/contracts';
import { EmptyState, ErrorState, LoadingState } from '../states';
import { apiErrorText } from '../../lib/api-client';
import { useCarPhotoSearch, useTakeCarPhotos } from './picker-api';
import './car-photo-picker.css';

/** One official car picture chosen in the picker, with what an insertion must show beside it. */
export interface PickedCarPhoto {
  id: number;
  /** a `/media/` URL */
  url: string;
  /** pixels */
  width: number;
  height: number;
  seriesId: number;
  brandName: string;
  seriesName: string;
  tag: 'exterior' | 'interior' | 'detail';
  /** the credit line in the page's language, e.g. 图片来源：宝马官方 — inserted with the picture */
  attribution: string;
}

export interface CarPhotoPickerProps {
  open: boolean;
  onClose: () => void;
  /** the chosen pictures, in the order picked; the picker closes itself after */
  onPick: (photos: PickedCarPhoto[]) => void;
  /** more than one picture (articles, image collections); one for the poster editor */
  multiple?: boolean;
  /** series to open on (e.g. the work's tagged series) */
  initialSeriesId?: number;
  /** most pictures one pick takes (e.g. the room left in an image collection); default 20 */
  max?: number;
}

/** Pictures per page of the picker. */
const PAGE_SIZE = 12;
/** Wait after the last keystroke before searching, milliseconds. */
const DEBOUNCE_MS = 300;

/** A picture's label: `宝马 3系 · 外观`. */
export function carPhotoName(p: Pick<CarPhotoItem, 'brandName' | 'seriesName'>, tagText: string): string {
  return `${p.brandName} ${p.seriesName} · ${tagText}`;
}

/**
 * The car photo library picker (issue #15 "Car photo library"): search by brand and series, filter by
 * exterior/interior/detail, pick one or more official pictures. Used by the article editor, the image
 * collection editor and the poster editor. Inserting asks `carphoto/use` for the author's own copies, so
 * `PickedCarPhoto.url` is an image the author may put in any work; `attribution` is the credit to show with it.
 */
export function CarPhotoPicker({
  open,
  onClose,
  onPick,
  multiple = false,
  initialSeriesId,
  max,
}: CarPhotoPickerProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const limit = Math.max(1, Math.min(max ?? CAR_PHOTO_LIMITS.useMax, CAR_PHOTO_LIMITS.useMax));
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [tag, setTag] = useState<CarPhotoTag | 'all'>('all');
  const [page, setPage] = useState(1);
  const [seriesId, setSeriesId] = useState<number | undefined>(initialSeriesId);
  const [picked, setPicked] = useState<CarPhotoItem[]>([]);
  useEffect(() => {
    const timer = setTimeout(() => {
      setKeyword(typed.trim());
      setPage(1);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  // a new opening starts afresh (adjusting state while rendering, not in an effect)
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setPicked([]);
      setSeriesId(initialSeriesId);
    }
  }
  const search = useCarPhotoSearch(
    {
      page,
      pageSize: PAGE_SIZE,
      ...(keyword ? { keyword } : {}),
      ...(seriesId !== undefined && !keyword ? { seriesId } : {}),
      ...(tag !== 'all' ? { tag } : {}),
    },
    open,
  );
  const take = useTakeCarPhotos();
  const tagText = (x: CarPhotoTag) => t(`carphoto.tags.${x}`);
  const chosen = new Set(picked.map((p) => p.id));

  const toggle = (p: CarPhotoItem) => {
    if (!multiple) return setPicked(chosen.has(p.id) ? [] : [p]);
    if (chosen.has(p.id)) return setPicked(picked.filter((x) => x.id !== p.id));
    if (picked.length >= limit) return void message.warning(t('carphoto.picker.selectedMax', { max: limit }));
    setPicked([...picked, p]);
  };

  const insert = () =>
    take.mutate(
      picked.map((p) => p.id),
      {
        onSuccess: (data) => {
          onPick(
            data.list.map((p) => ({
              id: p.id,
              url: p.url,
              width: p.width,
              height: p.height,
              seriesId: p.seriesId,
              brandName: p.brandName,
              seriesName: p.seriesName,
              tag: p.tag,
              attribution: p.attribution,
            })),
          );
          onClose();
        },
        onError: (e) =>
          void message.error(
            t('carphoto.picker.failed', { reason: apiErrorText(e, t, i18n.exists.bind(i18n)) }),
          ),
      },
    );

  return (
    <Modal
      open={open}
      title={t('carphoto.picker.title')}
      onCancel={onClose}
      width={920}
      destroyOnHidden
      footer={
        <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
          <Typography.Text type="secondary" className="cc-tabular" data-testid="carphoto-picked-count">
            {multiple
              ? `${t('carphoto.picker.selected', { count: picked.length })} · ${t('carphoto.picker.selectedMax', { max: limit })}`
              : t('carphoto.picker.creditNote')}
          </Typography.Text>
          <Space>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button
              type="primary"
              disabled={picked.length === 0}
              loading={take.isPending}
              onClick={insert}
              data-testid="carphoto-insert"
            >
              {multiple
                ? t('carphoto.picker.insert', { count: picked.length })
                : t('carphoto.picker.insertOne')}
            </Button>
          </Space>
        </Space>
      }
    >
      <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="carphoto-picker">
        <Space wrap size={12}>
          <Input.Search
            allowClear
            aria-label={t('carphoto.picker.searchLabel')}
            placeholder={t('carphoto.picker.searchPlaceholder')}
            value={typed}
            maxLength={CAR_PHOTO_LIMITS.keywordMax}
            onChange={(e) => setTyped(e.target.value)}
            onSearch={(v) => {
              setTyped(v);
              setKeyword(v.trim());
              setPage(1);
            }}
            style={{ width: 320 }}
            data-testid="carphoto-search"
          />
          <Segmented<CarPhotoTag | 'all'>
            aria-label={t('carphoto.picker.tagLabel')}
            value={tag}
            onChange={(v) => {
              setTag(v);
              setPage(1);
            }}
            options={[
              { value: 'all', label: t('carphoto.allTags') },
              ...CAR_PHOTO_TAGS.map((x) => ({ value: x, label: tagText(x) })),
            ]}
            data-testid="carphoto-tag"
          />
        </Space>
        {search.isPending ? (
          <LoadingState rows={4} />
        ) : search.isError ? (
          <ErrorState error={search.error} onRetry={() => void search.refetch()} />
        ) : search.data.list.length === 0 ? (
          <EmptyState
            description={
              <>
                <div>{t('carphoto.picker.empty')}</div>
                <Typography.Text type="secondary">{t('carphoto.picker.emptyHint')}</Typography.Text>
              </>
            }
          />
        ) : (
          <>
            <ul className="cc-carphoto-grid" data-testid="carphoto-results">
              {search.data.list.map((p) => {
                const name = carPhotoName(p, tagText(p.tag));
                const on = chosen.has(p.id);
                return (
                  <li key={p.id}>
                    <button
                      type="button"
                      className={`cc-carphoto-card${on ? ' is-picked' : ''}`}
                      aria-pressed={on}
                      aria-label={t('carphoto.picker.pick', { name })}
                      onClick={() => toggle(p)}
                      data-testid={`carphoto-card-${p.id}`}
                    >
                      <span className="cc-carphoto-thumb">
                        <img
                          src={imageUrlAtSize(p.url, EDITOR_THUMBNAIL_WIDTH, 0)}
                          alt={p.caption}
                          loading="lazy"
                        />
                        {on ? (
                          <span className="cc-carphoto-check" aria-hidden>
                            <CheckCircleFilled />
                          </span>
                        ) : null}
                      </span>
                      <span className="cc-carphoto-name">{name}</span>
                      <span className="cc-carphoto-caption">{p.caption}</span>
                      <span className="cc-carphoto-credit">{p.attribution}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
            <Pagination
              size="small"
              current={page}
              pageSize={PAGE_SIZE}
              total={search.data.total}
              hideOnSinglePage
              showSizeChanger={false}
              onChange={setPage}
              align="end"
            />
          </>
        )}
      </Space>
    </Modal>
  );
}
