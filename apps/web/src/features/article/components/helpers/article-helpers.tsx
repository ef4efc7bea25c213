import {
  Alert,
  App,
  Button,
  Card,
  Dropdown,
  Flex,
  List,
  Modal,
  Popconfirm,
  Progress,
  Space,
  Tabs,
  Tour,
  Typography,
  Upload,
  type TourProps,
} from 'antd';
import {
  AppstoreAddOutlined,
  CarOutlined,
  FileAddOutlined,
  InboxOutlined,
  ScissorOutlined,
} from '@ant-design/icons';
import type { Editor } from '@tiptap/react';
import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BODY_MAX,
  DOCUMENT_EXTENSIONS,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MAX_IMAGES,
  IMAGE_MIME_TYPES,
  MB,
  type ImportedHtml,
} from '@cc/contracts';
import { fetchImageAsFile, uploadImage } from '../../../../lib/api-client';
import { checkImageFile, toUploadResult, uploadFailureText } from '../../../../components/image-upload';
import { useCropDialog } from '../../../../components/crop-dialog';
import { EmptyState, ErrorState, LoadingState } from '../../../../components/states';
import { useContentList } from '../../../../components/content-table/content-api';
import { ARTICLE_HELPERS, type ArticleHelper } from '../../helpers';
import { cleanHtml, importDocument } from '../../api/import-article';
import { CoverPicker } from '../cover-picker';
import {
  carPhotosHtml,
  escapeHtml,
  imagesHtml,
  insertAtCursor,
  replaceBody,
  workLinkHtml,
  type InsertablePhoto,
  type PhotoPicker,
} from './insert';

export interface ArticleHelpersProps {
  /** the helper open, from the address (`/article/getData` → `import`) */
  helper: ArticleHelper | undefined;
  onClose: () => void;
  onOpen: (helper: ArticleHelper) => void;
  /** the body's TipTap editor */
  editor: RefObject<Editor | null>;
  cover: string | undefined;
  onCover: (url: string | undefined) => void;
  /** saves the draft, then opens the poster editor at cover size (the cover flow, issue #4) */
  onDesignCover?: () => void;
  /** the car photo library picker (given by the page); without it the "from the library" buttons are hidden */
  photoPicker?: PhotoPicker;
}

/** The helpers menu of the editor's toolbar: every helper by name (the entry points besides the addresses). */
export function HelpersMenu({ onOpen }: { onOpen: (helper: ArticleHelper) => void }) {
  const { t } = useTranslation();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: ARTICLE_HELPERS.map((h) => ({
          key: h,
          label: t(`articleHelpers.names.${h}`),
          'data-testid': `helper-menu-${h}`,
        })),
        onClick: ({ key }) => onOpen(key as ArticleHelper),
      }}
    >
      <Button
        size="small"
        type="text"
        icon={<AppstoreAddOutlined />}
        data-tour="helpers"
        data-testid="helpers-menu"
        aria-label={t('articleHelpers.menuLabel')}
      >
        {t('articleHelpers.menu')}
      </Button>
    </Dropdown>
  );
}

/** The open helper over the article editor (issue #15 "Article helper routes"). */
export function ArticleHelpers(props: ArticleHelpersProps) {
  switch (props.helper) {
    case 'intro':
      return <IntroHelper {...props} />;
    case 'cropper':
      return <CropperHelper {...props} />;
    case 'import':
      return <ImportHelper {...props} />;
    case 'mixin':
      return <MixinHelper {...props} />;
    case 'coverDesign':
      return <CoverDesignHelper {...props} />;
    case 'toolbarTips':
      return <ToolbarTipsHelper {...props} />;
    case 'upImage':
      return <UpImageHelper {...props} />;
    case 'upFile':
      return <UpFileHelper {...props} />;
    default:
      return null;
  }
}

function HelperModal({
  name,
  onClose,
  children,
  footer = null,
  width = 640,
}: {
  name: ArticleHelper;
  onClose: () => void;
  children: React.ReactNode;
  footer?: React.ReactNode;
  width?: number;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t(`articleHelpers.names.${name}`)}
      onCancel={onClose}
      footer={footer}
      width={width}
      destroyOnHidden
      closable={{ 'aria-label': t('articleHelpers.close') }}
    >
      <div data-testid={`article-helper-${name}`}>{children}</div>
    </Modal>
  );
}

/** `/article/index-new`: the new article's editor with a short "how it works" and the helpers. */
function IntroHelper({ onClose, onOpen }: ArticleHelpersProps) {
  const { t } = useTranslation();
  const items = ['import', 'upImage', 'mixin', 'cropper', 'coverDesign', 'toolbarTips'] as const;
  return (
    <HelperModal
      name="intro"
      onClose={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('articleHelpers.intro.start')}
        </Button>
      }
    >
      <Typography.Paragraph>{t('articleHelpers.intro.lead')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('articleHelpers.intro.helpersLead')}</Typography.Paragraph>
      <List
        size="small"
        dataSource={[...items]}
        renderItem={(h) => (
          <List.Item
            actions={[
              <Button key="open" type="link" onClick={() => onOpen(h)}>
                {t(`articleHelpers.names.${h}`)}
              </Button>,
            ]}
          >
            {t(`articleHelpers.intro.items.${h}`)}
          </List.Item>
        )}
      />
    </HelperModal>
  );
}

/** `/article/cropperDialog`: choose and crop a cover (4:3 / 3:4); with a cover, re-crop it. */
function CropperHelper({ onClose, cover, onCover }: ArticleHelpersProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const { crop, element } = useCropDialog();
  const [busy, setBusy] = useState(false);
  const recrop = async () => {
    if (!cover) return;
    setBusy(true);
    try {
      const file = await fetchImageAsFile(cover, 'cover');
      const cropped = await crop(file);
      if (!cropped) return;
      const result = toUploadResult(await uploadImage({ file: cropped }));
      onCover(result.url);
      void message.success(t('articleHelpers.cropper.done'));
    } catch (e) {
      void message.error(uploadFailureText(e, t, i18n.exists.bind(i18n)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <HelperModal name="cropper" onClose={onClose}>
      <Typography.Paragraph type="secondary">{t('articleHelpers.cropper.hint')}</Typography.Paragraph>
      <CoverPicker value={cover} onChange={onCover} />
      {cover ? (
        <Button
          icon={<ScissorOutlined />}
          style={{ marginTop: 12 }}
          loading={busy}
          onClick={() => void recrop()}
          data-testid="recrop-cover"
        >
          {t('articleHelpers.cropper.recrop')}
        </Button>
      ) : null}
      {element}
    </HelperModal>
  );
}

/** Plain clipboard text as paragraphs (when the clipboard has no HTML). */
const textAsHtml = (text: string) =>
  text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');

function ImportPreview({
  result,
  editor,
  onDone,
}: {
  result: ImportedHtml;
  editor: RefObject<Editor | null>;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const bodyEmpty = editor.current?.isEmpty ?? true;
  const replace = () => {
    replaceBody(editor.current, result.html);
    void message.success(t('articleHelpers.import.replaced'));
    onDone();
  };
  return (
    <div style={{ marginTop: 16 }}>
      {result.warnings.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('articleHelpers.warnings')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }} data-testid="import-warnings">
              {result.warnings.map((w) => (
                <li key={w.code}>{w.message}</li>
              ))}
            </ul>
          }
        />
      ) : null}
      <Flex justify="space-between" align="baseline">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('articleHelpers.import.preview')}
        </Typography.Title>
        <Typography.Text type="secondary" className="cc-tabular">
          {t('articleHelpers.import.stats', { chars: result.chars, images: result.images })}
        </Typography.Text>
      </Flex>
      {/* server-cleaned HTML (the article sanitizer of article/publish) */}
      <div
        className="cc-editor cc-import-preview"
        data-testid="import-preview"
        style={{
          maxHeight: 260,
          overflow: 'auto',
          border: '1px solid var(--cc-border, #e5e6eb)',
          padding: 12,
          borderRadius: 6,
          marginTop: 8,
        }}
        dangerouslySetInnerHTML={{ __html: result.html }}
      />
      <Space style={{ marginTop: 12 }}>
        {bodyEmpty ? (
          <Button type="primary" onClick={replace} data-testid="import-replace">
            {t('articleHelpers.import.replace')}
          </Button>
        ) : (
          <Popconfirm title={t('articleHelpers.import.replaceConfirm')} onConfirm={replace}>
            <Button type="primary" data-testid="import-replace">
              {t('articleHelpers.import.replace')}
            </Button>
          </Popconfirm>
        )}
        <Button
          data-testid="import-insert"
          onClick={() => {
            insertAtCursor(editor.current, result.html);
            void message.success(t('articleHelpers.import.inserted'));
            onDone();
          }}
        >
          {t('articleHelpers.import.insert')}
        </Button>
      </Space>
    </div>
  );
}

const DOCUMENT_ACCEPT = DOCUMENT_EXTENSIONS.join(',');

/** `/article/getData`: import a draft from a document or pasted rich text; preview, then replace or insert. */
function ImportHelper({ onClose, editor }: ArticleHelpersProps) {
  const { t } = useTranslation();
  const [result, setResult] = useState<ImportedHtml | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const run = async (work: () => Promise<ImportedHtml>) => {
    setError(null);
    setResult(null);
    setProgress(0);
    try {
      setResult(await work());
    } catch (e) {
      setError(t('articleHelpers.import.failed', { message: e instanceof Error ? e.message : String(e) }));
    } finally {
      setProgress(null);
    }
  };
  return (
    <HelperModal name="import" onClose={onClose} width={720}>
      <Tabs
        items={[
          {
            key: 'file',
            label: t('articleHelpers.import.fileTab'),
            children: (
              <>
                <Upload.Dragger
                  accept={DOCUMENT_ACCEPT}
                  showUploadList={false}
                  multiple={false}
                  disabled={progress !== null}
                  beforeUpload={(file) => {
                    void run(() => importDocument(file, setProgress));
                    return false;
                  }}
                  data-testid="import-file"
                >
                  <p className="ant-upload-drag-icon">
                    <FileAddOutlined />
                  </p>
                  <p className="ant-upload-text">
                    {t('articleHelpers.import.fileHint', { mb: DOCUMENT_MAX_BYTES / MB })}
                  </p>
                </Upload.Dragger>
                <Typography.Paragraph type="secondary" style={{ marginTop: 8, fontSize: 12 }}>
                  {t('articleHelpers.import.fileLimits', {
                    chars: BODY_MAX.toLocaleString('en-US'),
                    images: DOCUMENT_MAX_IMAGES,
                  })}
                </Typography.Paragraph>
              </>
            ),
          },
          {
            key: 'paste',
            label: t('articleHelpers.import.pasteTab'),
            children: (
              <>
                <Typography.Paragraph type="secondary">
                  {t('articleHelpers.import.pasteHint')}
                </Typography.Paragraph>
                <div
                  contentEditable
                  suppressContentEditableWarning
                  role="textbox"
                  tabIndex={0}
                  aria-label={t('articleHelpers.import.pasteArea')}
                  data-testid="import-paste"
                  data-placeholder={t('articleHelpers.import.pastePlaceholder')}
                  className="cc-paste-area"
                  style={{
                    minHeight: 80,
                    border: '1px dashed #c9cdd4',
                    borderRadius: 6,
                    padding: 12,
                    color: '#86909c',
                  }}
                  onPaste={(e) => {
                    e.preventDefault();
                    const html = e.clipboardData.getData('text/html');
                    const text = e.clipboardData.getData('text/plain');
                    const source = html || textAsHtml(text);
                    if (!source.trim()) {
                      setError(t('articleHelpers.import.emptyPaste'));
                      return;
                    }
                    void run(() => cleanHtml({ html: source }));
                  }}
                  onKeyDown={(e) => {
                    // only pasting goes in: typing belongs in the editor itself
                    if (!(e.ctrlKey || e.metaKey) && e.key.length === 1) e.preventDefault();
                  }}
                >
                  {t('articleHelpers.import.pastePlaceholder')}
                </div>
              </>
            ),
          },
        ]}
      />
      {progress !== null ? (
        <div style={{ marginTop: 12 }} aria-live="polite">
          <Typography.Text type="secondary">{t('articleHelpers.import.converting')}</Typography.Text>
          <Progress percent={progress} size="small" />
        </div>
      ) : null}
      {error ? (
        <Alert type="error" showIcon style={{ marginTop: 12 }} message={error} data-testid="import-error" />
      ) : null}
      {result ? <ImportPreview result={result} editor={editor} onDone={onClose} /> : null}
    </HelperModal>
  );
}

/** `/article/mixin`: official car pictures with their credit line, and links to my published articles. */
function MixinHelper({ onClose, editor, photoPicker: Picker }: ArticleHelpersProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [picking, setPicking] = useState(false);
  const works = useContentList({ type: 'article', status: 'published', page: 1, pageSize: 10 });
  const insertPhotos = (photos: InsertablePhoto[]) => {
    if (photos.length === 0) return;
    insertAtCursor(editor.current, carPhotosHtml(photos));
    void message.success(t('articleHelpers.mixin.insertedPhotos', { count: photos.length }));
    onClose();
  };
  return (
    <HelperModal name="mixin" onClose={onClose} width={720}>
      {Picker ? (
        <Card size="small" title={t('articleHelpers.mixin.photosTitle')} style={{ marginBottom: 16 }}>
          <Typography.Paragraph type="secondary">{t('articleHelpers.mixin.photosHint')}</Typography.Paragraph>
          <Button icon={<CarOutlined />} onClick={() => setPicking(true)} data-testid="mixin-car-photos">
            {t('articleHelpers.mixin.choosePhotos')}
          </Button>
        </Card>
      ) : null}
      <Card size="small" title={t('articleHelpers.mixin.worksTitle')}>
        <Typography.Paragraph type="secondary">{t('articleHelpers.mixin.worksHint')}</Typography.Paragraph>
        {works.isPending ? (
          <LoadingState rows={3} />
        ) : works.isError ? (
          <ErrorState error={works.error} onRetry={() => void works.refetch()} />
        ) : works.data.list.length === 0 ? (
          <EmptyState description={t('articleHelpers.mixin.noWorks')} />
        ) : (
          <List
            size="small"
            dataSource={works.data.list}
            data-testid="mixin-works"
            renderItem={(w) => (
              <List.Item
                actions={[
                  <Button
                    key="link"
                    size="small"
                    onClick={() => {
                      insertAtCursor(editor.current, workLinkHtml(w.title, `/article/preview?id=${w.id}`));
                      void message.success(t('articleHelpers.mixin.insertedLink'));
                      onClose();
                    }}
                  >
                    {t('articleHelpers.mixin.insertLink')}
                  </Button>,
                ]}
              >
                <Typography.Text ellipsis style={{ maxWidth: 440 }}>
                  {w.title}
                </Typography.Text>
              </List.Item>
            )}
          />
        )}
      </Card>
      {Picker ? (
        <Picker open={picking} onClose={() => setPicking(false)} onPick={insertPhotos} multiple />
      ) : null}
    </HelperModal>
  );
}

/** `/article/newSurfacePlotCompound`: the cover compositor — save, then the poster editor at cover size. */
function CoverDesignHelper({ onClose, cover, onDesignCover }: ArticleHelpersProps) {
  const { t } = useTranslation();
  return (
    <HelperModal
      name="coverDesign"
      onClose={onClose}
      footer={
        <Button
          type="primary"
          onClick={onDesignCover}
          disabled={!onDesignCover}
          data-testid="open-cover-designer"
        >
          {t('articleHelpers.coverDesign.open')}
        </Button>
      }
    >
      <Typography.Paragraph>{t('articleHelpers.coverDesign.hint')}</Typography.Paragraph>
      <Typography.Text type="secondary">{t('articleHelpers.coverDesign.current')}</Typography.Text>
      <div style={{ marginTop: 8 }}>
        {cover ? (
          <img className="cc-upload-preview" src={cover} alt={t('articleHelpers.coverDesign.current')} />
        ) : (
          <Typography.Text type="secondary">{t('articleHelpers.coverDesign.none')}</Typography.Text>
        )}
      </div>
    </HelperModal>
  );
}

const MOD = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl';

/** TipTap's keyboard shortcuts of each toolbar button (StarterKit's defaults). */
const TOUR_STEPS: { key: string; keys?: string }[] = [
  { key: 'heading', keys: `${MOD} + Alt + 2 / 3` },
  { key: 'bold', keys: `${MOD} + B` },
  { key: 'italic', keys: `${MOD} + I` },
  { key: 'bulletList', keys: `${MOD} + Shift + 8` },
  { key: 'orderedList', keys: `${MOD} + Shift + 7` },
  { key: 'quote', keys: `${MOD} + Shift + B` },
  { key: 'image' },
  { key: 'undo', keys: `${MOD} + Z` },
  { key: 'redo', keys: `${MOD} + Shift + Z` },
  { key: 'helpers' },
];

/** `/article/toolbarTips`: a guided tour of the toolbar buttons with their shortcuts (antd Tour). */
function ToolbarTipsHelper({ onClose }: ArticleHelpersProps) {
  const { t } = useTranslation();
  const steps: TourProps['steps'] = TOUR_STEPS.map((s) => ({
    title: t(`articleHelpers.tips.${s.key}.title`),
    description: (
      <>
        <div>{t(`articleHelpers.tips.${s.key}.body`)}</div>
        {s.keys ? (
          <Typography.Text type="secondary" className="cc-tabular">
            {t('articleHelpers.tips.shortcut', { keys: s.keys })}
          </Typography.Text>
        ) : null}
      </>
    ),
    target: () => document.querySelector<HTMLElement>(`[data-tour="${s.key}"]`) as HTMLElement,
  }));
  return <Tour open steps={steps} onClose={onClose} onFinish={onClose} rootClassName="cc-toolbar-tour" />;
}

interface UpItem {
  uid: string;
  name: string;
  percent: number;
  url?: string;
  error?: string;
}

/** `/article/upLayer/upImage`: several images at once with progress each, inserted at the cursor in order. */
function UpImageHelper({ onClose, editor, photoPicker: Picker }: ArticleHelpersProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [items, setItems] = useState<UpItem[]>([]);
  const [picking, setPicking] = useState(false);
  const update = (uid: string, patch: Partial<UpItem>) =>
    setItems((list) => list.map((i) => (i.uid === uid ? { ...i, ...patch } : i)));
  const start = async (file: File, uid: string) => {
    try {
      const result = toUploadResult(
        await uploadImage({ file, onProgress: (percent) => update(uid, { percent }) }),
      );
      update(uid, { percent: 100, url: result.url });
    } catch (e) {
      update(uid, { error: uploadFailureText(e, t, i18n.exists.bind(i18n)) });
    }
  };
  const done = items.filter((i) => i.url);
  const busy = items.some((i) => !i.url && !i.error);
  return (
    <HelperModal
      name="upImage"
      onClose={onClose}
      footer={
        <Space>
          {Picker ? (
            <Button icon={<CarOutlined />} onClick={() => setPicking(true)}>
              {t('articleHelpers.upImage.fromLibrary')}
            </Button>
          ) : null}
          <Button
            type="primary"
            disabled={busy || done.length === 0}
            data-testid="up-image-insert"
            onClick={() => {
              insertAtCursor(editor.current, imagesHtml(done.map((i) => i.url!)));
              void message.success(t('articleHelpers.upImage.inserted', { count: done.length }));
              onClose();
            }}
          >
            {t('articleHelpers.upImage.insert', { count: done.length })}
          </Button>
        </Space>
      }
    >
      <Upload.Dragger
        accept={IMAGE_MIME_TYPES.join(',')}
        multiple
        showUploadList={false}
        beforeUpload={(file) => {
          const problem = checkImageFile(file);
          if (problem) void message.error(`${file.name}: ${t(problem)}`);
          else {
            setItems((list) => [...list, { uid: file.uid, name: file.name, percent: 0 }]);
            void start(file, file.uid);
          }
          return false;
        }}
        data-testid="up-image-drop"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('articleHelpers.upImage.hint')}</p>
      </Upload.Dragger>
      {items.length > 0 ? (
        <List
          size="small"
          style={{ marginTop: 12 }}
          dataSource={items}
          data-testid="up-image-list"
          renderItem={(i) => (
            <List.Item>
              <Flex vertical style={{ width: '100%' }}>
                <Typography.Text ellipsis>{i.name}</Typography.Text>
                {i.error ? (
                  <Typography.Text type="danger">{i.error}</Typography.Text>
                ) : (
                  <Progress
                    size="small"
                    percent={i.percent}
                    status={i.url ? 'success' : 'active'}
                    aria-label={
                      i.url ? t('articleHelpers.upImage.done') : t('articleHelpers.upImage.waiting')
                    }
                  />
                )}
              </Flex>
            </List.Item>
          )}
        />
      ) : null}
      {Picker ? (
        <Picker
          open={picking}
          onClose={() => setPicking(false)}
          multiple
          onPick={(photos) => {
            if (photos.length === 0) return;
            insertAtCursor(editor.current, carPhotosHtml(photos));
            void message.success(t('articleHelpers.upImage.inserted', { count: photos.length }));
            onClose();
          }}
        />
      ) : null}
    </HelperModal>
  );
}

/** `/article/upLayer/upFile`: one document uploaded, converted and inserted at the cursor straight away. */
function UpFileHelper({ onClose, onOpen, editor }: ArticleHelpersProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = async (file: File) => {
    setError(null);
    setProgress(0);
    try {
      const result = await importDocument(file, setProgress);
      insertAtCursor(editor.current, result.html);
      void message.success(t('articleHelpers.import.inserted'));
      for (const w of result.warnings) void message.warning(w.message);
      onClose();
    } catch (e) {
      setError(t('articleHelpers.import.failed', { message: e instanceof Error ? e.message : String(e) }));
    } finally {
      setProgress(null);
    }
  };
  return (
    <HelperModal name="upFile" onClose={onClose}>
      <Upload.Dragger
        accept={DOCUMENT_ACCEPT}
        multiple={false}
        showUploadList={false}
        disabled={progress !== null}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
        data-testid="up-file-drop"
      >
        <p className="ant-upload-drag-icon">
          <FileAddOutlined />
        </p>
        <p className="ant-upload-text">{t('articleHelpers.upFile.hint')}</p>
      </Upload.Dragger>
      {progress !== null ? (
        <div style={{ marginTop: 12 }} aria-live="polite">
          <Typography.Text type="secondary">{t('articleHelpers.upFile.uploading')}</Typography.Text>
          <Progress percent={progress} size="small" />
        </div>
      ) : null}
      {error ? (
        <Alert type="error" showIcon style={{ marginTop: 12 }} message={error} data-testid="up-file-error" />
      ) : null}
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {t('articleHelpers.upFile.more')}{' '}
        <Button type="link" size="small" onClick={() => onOpen('import')} style={{ padding: 0 }}>
          {t('articleHelpers.upFile.openImport')}
        </Button>
      </Typography.Paragraph>
    </HelperModal>
  );
}
