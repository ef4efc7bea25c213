import { Alert, App, Button, DatePicker, Form, Modal, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  ClockCircleOutlined,
  EyeOutlined,
  FormatPainterOutlined,
  SaveOutlined,
  SendOutlined,
} from '@ant-design/icons';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  checkScheduledAt,
  htmlToPlainText,
  PublishType,
  renderMessage,
  SCHEDULE_MAX_DAYS,
  SCHEDULE_MIN_MINUTES,
  type ContentDetail,
  type ContentStatus,
  type FieldError,
  type PublishArticleParam,
} from '@cc/contracts';
import { apiErrorText, isApiError, SaveSession } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useLocalDraft, useUnsavedChangesPrompt } from '../../../lib/local-draft';
import { LocalDraftPrompt } from '../../../components/local-draft-prompt';
import { toastWithRuleLink, withRuleLink } from '../../../components/rule-link';
import { usePublishArticle } from '../api/publish-article';
import { getArticle } from '../api/get-article';
import { autosavesToServer, useAutosave } from '../../../lib/use-autosave';
import { ruleMessage, validateArticle, type FieldErrors, type FieldProblem } from '../rules';
import { TitleField } from './title-field';
import { RichTextEditor } from './rich-text-editor';
import { CoverPicker } from './cover-picker';
import type { Editor } from '@tiptap/react';
import type { ArticleHelper } from '../helpers';
import { ArticleHelpers, HelpersMenu } from './helpers/article-helpers';
import type { PhotoPicker } from './helpers/insert';

export interface ArticleEditorProps {
  /** the article being edited (from content/detail); undefined for a new one */
  initial?: ContentDetail;
  /** called when a first save created the draft, so the page can put `?id=` in the URL */
  onIdChange: (id: number) => void;
  /** after publishing passed review */
  onPublished: (id: number) => void;
  /** open the preview of a saved article */
  onPreview: (id: number) => void;
  /** a cover made in the poster editor (cover flow, issue #4); replaces the saved cover */
  initialCover?: string;
  /** open the poster editor for a cover; called after the draft was saved (id undefined when empty) */
  onDesignCover?: (id: number | undefined) => void;
  /** the helper open over the editor (issue #15 "Article helper routes"), from the page's address */
  helper?: ArticleHelper;
  /**
   * open a helper, or close it (`undefined`): the page moves to the helper's address (or back to `/article`)
   * keeping the article's id; the editor stays mounted, so nothing typed is lost
   */
  onHelperChange?: (helper: ArticleHelper | undefined, id: number | undefined) => void;
  /** the car photo library picker for the helpers (the page passes features/carphoto's `CarPhotoPicker`) */
  photoPicker?: PhotoPicker;
}

type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date; auto: boolean }
  | { kind: 'error'; message: string };

const snapshot = (p: Pick<PublishArticleParam, 'title' | 'content' | 'coverUrls'>) =>
  JSON.stringify([p.title, p.content, p.coverUrls]);

/** What the local copy of an article holds (issue #9): every field of the form. */
interface ArticleCopy {
  title: string;
  content: string;
  cover: string | null;
}

/**
 * The article form (issue #2): title with counter and rules, TipTap body with a length counter, a
 * cropped cover, save draft / preview / publish, autosave every 30 s when changed. Validates with the
 * contracts publishArticleParamSchema before sending — the same schema the server applies. Unsaved
 * changes are copied to this device as the author types and offered back after a reload or crash;
 * leaving with unsaved changes asks first (issue #9, lib/local-draft).
 */
export function ArticleEditor({
  initial,
  onIdChange,
  onPublished,
  onPreview,
  initialCover,
  onDesignCover,
  helper,
  onHelperChange,
  photoPicker,
}: ArticleEditorProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const publishMutation = usePublishArticle();
  const [id, setId] = useState<number | undefined>(initial?.id);
  const [title, setTitle] = useState(initial?.title ?? '');
  const [html, setHtml] = useState(initial?.content ?? '');
  const [cover, setCover] = useState<string | undefined>(
    initialCover ?? initial?.coverUrls?.[0] ?? initial?.coverUrl ?? undefined,
  );
  const [titleTouched, setTitleTouched] = useState(Boolean(initial));
  const [errors, setErrors] = useState<FieldErrors>({});
  // the rule each error applies (issue #11): set with the errors, shown only while its field has an error
  const [errorRules, setErrorRules] = useState<Partial<Record<keyof FieldErrors, string>>>({});
  const [saveState, setSaveState] = useState<SaveState>({ kind: 'idle' });
  // the article's status and schedule on the server (issue #10): autosave keeps drafts only, so it never turns a
  // published or scheduled article back into a draft; the schedule shows with "publish now" and "cancel"
  const [serverStatus, setServerStatus] = useState<ContentStatus | undefined>(initial?.status);
  const [scheduledAt, setScheduledAt] = useState<string | null>(initial?.scheduledAt ?? null);
  const [scheduling, setScheduling] = useState<Dayjs | null | undefined>(undefined);
  const [lastSaved, setLastSaved] = useState(() =>
    initial
      ? snapshot({ title: initial.title, content: initial.content, coverUrls: initial.coverUrls ?? [] })
      : snapshot({ title: '', content: '', coverUrls: [] }),
  );
  // The body editor starts from `initialHtml` only: a restored copy remounts it with the copy's body.
  const [bodySeed, setBodySeed] = useState({ html: initial?.content ?? '', generation: 0 });
  const idRef = useRef(id);
  // the article's saves: one idempotency key for its create, reused by retries (issue #8 item 10)
  const [session] = useState(() => new SaveSession(initial?.id));
  const send = (param: PublishArticleParam) =>
    session.save(param, (p: PublishArticleParam) => publishMutation.mutateAsync(p));
  /** a failed save or publish in the user's language (`errors.<ercd>` such as QUOTA_EXCEEDED, issue #8 item 10) */
  const failureText = (e: unknown) => apiErrorText(e, t, i18n.exists.bind(i18n));

  const coverUrls = cover ? [cover] : [];
  const bodyLength = [...htmlToPlainText(html)].length;
  const current = (publishType: 0 | 1 | 2, at?: string): PublishArticleParam => ({
    title: title.trim(),
    content: html,
    coverUrls,
    publishType,
    ...(at ? { scheduledAt: at } : {}),
  });
  const currentSnapshot = snapshot({ title: title.trim(), content: html, coverUrls });
  const isDirty = () => currentSnapshot !== lastSaved;
  // Read at the moment of a navigation: a save that just finished counts before React re-renders.
  const liveSnapshots = useRef({ current: currentSnapshot, saved: lastSaved });
  useEffect(() => {
    liveSnapshots.current.current = currentSnapshot;
  }, [currentSnapshot]);
  // Opening or closing a helper changes the address but not the page: no "leave with unsaved changes?" for it.
  const movingToHelper = useRef(false);
  useEffect(() => {
    movingToHelper.current = false;
  }, [helper]);
  useUnsavedChangesPrompt(
    () => !movingToHelper.current && liveSnapshots.current.current !== liveSnapshots.current.saved,
  );
  const bodyEditor = useRef<Editor | null>(null);
  const switchHelper = (next: ArticleHelper | undefined) => {
    if (!onHelperChange || next === helper) return;
    movingToHelper.current = true;
    onHelperChange(next, idRef.current);
  };

  const copy = useMemo<ArticleCopy>(
    () => ({ title, content: html, cover: cover ?? null }),
    [title, html, cover],
  );
  const draft = useLocalDraft<ArticleCopy>({
    key: `article:${id ?? 'new'}`,
    value: copy,
    isDirty: isDirty(),
    serverSavedAt: initial?.updatedAt,
    onRestore: (saved) => {
      setTitle(saved.title);
      setTitleTouched(saved.title !== '');
      setHtml(saved.content);
      setBodySeed((s) => ({ html: saved.content, generation: s.generation + 1 }));
      setCover(saved.cover ?? undefined);
      setErrors({});
    },
  });

  const showErrors = (found: Partial<Record<keyof FieldErrors, FieldProblem>>) => {
    setErrors(
      Object.fromEntries(
        Object.entries(found).map(([k, v]) => [k, v.rule ? ruleMessage(v.rule, t, v.message) : v.message]),
      ),
    );
    setErrorRules(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, v.ruleRef])));
  };

  const applyServerErrors = (error: unknown) => {
    if (isApiError(error) && error.data && typeof error.data === 'object' && 'fields' in error.data) {
      const fields = (error.data as { fields: FieldError[] }).fields;
      const out: FieldErrors = {};
      const rules: Partial<Record<keyof FieldErrors, string>> = {};
      for (const f of fields) {
        const key = f.path.split('.')[0] as keyof FieldErrors;
        if ((key === 'title' || key === 'content' || key === 'coverUrls') && out[key] === undefined) {
          out[key] = f.message;
          rules[key] = f.ruleRef;
        }
      }
      setErrors(out);
      setErrorRules(rules);
    }
  };

  const remember = (savedId: number, param: PublishArticleParam, result?: { status: ContentStatus }) => {
    if (result) {
      setServerStatus(result.status);
      setScheduledAt(result.status === 'scheduled' ? (param.scheduledAt ?? null) : null);
    }
    setLastSaved(snapshot(param));
    liveSnapshots.current.saved = snapshot(param);
    draft.clear();
    if (idRef.current !== savedId) {
      idRef.current = savedId;
      setId(savedId);
      onIdChange(savedId);
    }
  };

  /** Saves a draft; `auto` saves stay quiet when the draft is not valid yet (e.g. no title). */
  const saveDraft = async (auto: boolean): Promise<number | undefined> => {
    const param = current(PublishType.DRAFT);
    const check = validateArticle(param);
    if (!check.ok) {
      if (!auto) {
        setTitleTouched(true);
        showErrors(check.errors);
      }
      return undefined;
    }
    setSaveState({ kind: 'saving' });
    try {
      const result = await send(param);
      remember(result.id, param, result);
      setSaveState({ kind: 'saved', at: new Date(), auto });
      if (!auto) {
        setErrors({});
        void message.success(t('article.draftSaved'));
      }
      return result.id;
    } catch (e) {
      const msg = failureText(e);
      setSaveState({ kind: 'error', message: msg });
      if (!auto) {
        applyServerErrors(e);
        void message.error(t('article.saveFailed', { message: msg }));
      }
      throw e;
    }
  };

  // only a new article or a draft is autosaved to the server: saving a draft would unpublish a published
  // article or cancel a schedule; those keep the local copy until the author acts (issue #10)
  useAutosave({
    isDirty,
    save: () => saveDraft(true),
    enabled: autosavesToServer(serverStatus),
  });

  /** Schedules the article at `at` (publishType 2, 5 minutes to 30 days ahead, API.md §13). */
  const handleSchedule = async (at: Dayjs) => {
    setTitleTouched(true);
    const iso = at.second(0).millisecond(0).toISOString();
    const param = current(PublishType.SCHEDULED, iso);
    const check = validateArticle(param);
    if (!check.ok) {
      showErrors(check.errors);
      setScheduling(undefined);
      return;
    }
    const window = checkScheduledAt(iso, new Date());
    if (window) {
      void message.error(renderMessage(window, i18n.language === 'en-US' ? 'en-US' : 'zh-CN'));
      return;
    }
    setErrors({});
    try {
      const result = await send(param);
      remember(result.id, param, result);
      setScheduling(undefined);
      void message.success(t('article.scheduledFor', { time: formatDate(iso, 'YYYY-MM-DD HH:mm') }));
    } catch (e) {
      applyServerErrors(e);
      void message.error(
        toastWithRuleLink(t('article.publishFailed', { message: failureText(e) }), e, t('rules.seeRule')),
      );
    }
  };

  /** Cancels the schedule: the article goes back to being a draft (the server's rule for a draft save). */
  const handleCancelSchedule = async () => {
    try {
      await saveDraft(false);
    } catch {
      // saveDraft showed the error
    }
  };

  const handlePublish = async () => {
    setTitleTouched(true);
    const param = current(PublishType.PUBLISH);
    const check = validateArticle(param);
    if (!check.ok) {
      showErrors(check.errors);
      return;
    }
    setErrors({});
    try {
      const result = await send(param);
      remember(result.id, param, result);
      if (result.status === 'reviewing') {
        Modal.info({ title: t('article.held'), content: t('article.heldBody'), okText: t('common.confirm') });
        return;
      }
      if (result.status === 'rejected') {
        const reason =
          result.rejectReason ??
          (await getArticle(result.id).then(
            (d) => d.rejectReason,
            () => null,
          ));
        Modal.warning({
          title: t('article.rejected'),
          content: reason ? t('article.rejectedReason', { reason }) : undefined,
          okText: t('common.confirm'),
        });
        return;
      }
      void message.success(t('article.published'));
      onPublished(result.id);
    } catch (e) {
      applyServerErrors(e);
      void message.error(
        toastWithRuleLink(t('article.publishFailed', { message: failureText(e) }), e, t('rules.seeRule')),
      );
    }
  };

  const handlePreview = async () => {
    try {
      const savedId = isDirty() || !idRef.current ? await saveDraft(false) : idRef.current;
      if (savedId) onPreview(savedId);
    } catch {
      // saveDraft showed the error
    }
  };

  // Cover flow (issue #4): save the draft first so nothing is lost, then open the poster editor.
  const handleDesignCover = async () => {
    const hasContent = title.trim() !== '' || bodyLength > 0;
    let savedId = idRef.current;
    if (hasContent && (isDirty() || !savedId)) {
      try {
        savedId = await saveDraft(false);
      } catch {
        return; // saveDraft showed the error
      }
      if (!savedId) return; // the rules refused the draft and say why
    }
    onDesignCover?.(savedId);
  };

  const status =
    saveState.kind === 'saving'
      ? t('article.saving')
      : saveState.kind === 'saved'
        ? t(saveState.auto ? 'article.autosaved' : 'article.savedAt', {
            time: formatDate(saveState.at, 'HH:mm:ss'),
          })
        : saveState.kind === 'error'
          ? t('article.saveFailed', { message: saveState.message })
          : isDirty()
            ? t('article.unsaved')
            : '';

  return (
    <Form layout="vertical" component="div" className="cc-article-form">
      <LocalDraftPrompt draft={draft} style={{ marginBottom: 16 }} />
      {serverStatus === 'scheduled' && scheduledAt ? (
        <Alert
          type="info"
          showIcon
          icon={<ClockCircleOutlined />}
          style={{ marginBottom: 16 }}
          data-testid="schedule-banner"
          message={t('article.scheduledFor', { time: formatDate(scheduledAt, 'YYYY-MM-DD HH:mm') })}
          description={t('article.scheduledHint')}
          action={
            <Space direction="vertical">
              <Button size="small" type="primary" onClick={() => void handlePublish()}>
                {t('article.publishNow')}
              </Button>
              <Button size="small" onClick={() => void handleCancelSchedule()} data-testid="cancel-schedule">
                {t('article.cancelSchedule')}
              </Button>
            </Space>
          }
        />
      ) : null}
      <TitleField
        value={title}
        onChange={(v) => {
          setTitle(v);
          setTitleTouched(true);
          setErrors((e) => ({ ...e, title: undefined }));
        }}
        touched={titleTouched}
        serverError={errors.title}
        serverRuleRef={errorRules.title}
      />
      <Form.Item
        label={t('article.bodyLabel')}
        validateStatus={errors.content ? 'error' : undefined}
        help={withRuleLink(errors.content, errorRules.content)}
        required
        extra={
          <span className="cc-tabular" data-testid="body-counter">
            {t('article.bodyCounter', { count: bodyLength })}
          </span>
        }
      >
        <RichTextEditor
          editorRef={bodyEditor}
          toolbarExtra={onHelperChange ? <HelpersMenu onOpen={(h) => switchHelper(h)} /> : undefined}
          key={bodySeed.generation}
          initialHtml={bodySeed.html}
          isEmpty={bodyLength === 0 && !/<img/i.test(html)}
          onChange={(v) => {
            setHtml(v);
            setErrors((e) => ({ ...e, content: undefined }));
          }}
        />
      </Form.Item>
      <Form.Item label={t('article.cover')} required>
        <CoverPicker
          value={cover}
          onChange={(url) => {
            setCover(url);
            setErrors((e) => ({ ...e, coverUrls: undefined }));
          }}
          error={withRuleLink(errors.coverUrls, errorRules.coverUrls)}
        />
        {onDesignCover ? (
          <Button
            icon={<FormatPainterOutlined />}
            style={{ marginTop: 8 }}
            data-testid="design-cover"
            onClick={() => void handleDesignCover()}
          >
            {t('designs.designCover')}
          </Button>
        ) : null}
      </Form.Item>
      <div className="cc-article-actions">
        <Typography.Text
          type={saveState.kind === 'error' ? 'danger' : 'secondary'}
          aria-live="polite"
          data-testid="save-status"
        >
          {status}
        </Typography.Text>
        <Space>
          <Button
            icon={<SaveOutlined />}
            onClick={() => void saveDraft(false).catch(() => {})}
            loading={saveState.kind === 'saving'}
          >
            {t('article.saveDraft')}
          </Button>
          <Button icon={<EyeOutlined />} onClick={() => void handlePreview()}>
            {t('article.preview')}
          </Button>
          {serverStatus !== 'published' ? (
            <Button
              icon={<ClockCircleOutlined />}
              onClick={() => setScheduling(scheduledAt ? dayjs(scheduledAt) : null)}
              data-testid="schedule-button"
            >
              {t('article.schedule')}
            </Button>
          ) : null}
          <Button
            type="primary"
            icon={<SendOutlined />}
            onClick={() => void handlePublish()}
            loading={publishMutation.isPending && saveState.kind !== 'saving'}
          >
            {t('article.publish')}
          </Button>
        </Space>
      </div>
      <Modal
        open={scheduling !== undefined}
        title={t('article.scheduleTitle')}
        okText={t('article.schedule')}
        okButtonProps={{
          disabled: !scheduling,
          loading: publishMutation.isPending,
          'data-testid': 'confirm-schedule',
        }}
        onOk={() => scheduling && void handleSchedule(scheduling)}
        onCancel={() => setScheduling(undefined)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">
          {t('article.scheduleHint', { minutes: SCHEDULE_MIN_MINUTES, days: SCHEDULE_MAX_DAYS })}
        </Typography.Paragraph>
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          style={{ width: '100%' }}
          aria-label={t('article.scheduleTitle')}
          data-testid="article-scheduled-at"
          value={scheduling ?? null}
          disabledDate={(d: Dayjs) =>
            d.isBefore(dayjs().startOf('day')) || d.isAfter(dayjs().add(SCHEDULE_MAX_DAYS, 'day'))
          }
          onChange={(d: Dayjs | null) => setScheduling(d)}
        />
      </Modal>
      {id ? <input type="hidden" name="id" value={id} /> : null}
      <ArticleHelpers
        helper={helper}
        onClose={() => switchHelper(undefined)}
        onOpen={(h) => switchHelper(h)}
        editor={bodyEditor}
        cover={cover}
        onCover={(url) => {
          setCover(url);
          setErrors((e) => ({ ...e, coverUrls: undefined }));
        }}
        onDesignCover={onDesignCover ? () => void handleDesignCover() : undefined}
        photoPicker={photoPicker}
      />
    </Form>
  );
}
