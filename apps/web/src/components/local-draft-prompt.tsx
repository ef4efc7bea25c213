import type { CSSProperties } from 'react';
import { Alert, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../lib/format';
import type { LocalDraft, LocalDraftFailure } from '../lib/local-draft';

const FAILURE_KEYS: Record<LocalDraftFailure, string> = {
  quota: 'drafts.failure.quota',
  'too-large': 'drafts.failure.tooLarge',
  unavailable: 'drafts.failure.unavailable',
};

/** `HH:mm` today, `YYYY-MM-DD HH:mm` on another day. */
function copyTime(at: Date, now = new Date()): string {
  return formatDate(at, at.toDateString() === now.toDateString() ? 'HH:mm' : 'YYYY-MM-DD HH:mm');
}

/**
 * The restore prompt of a local copy (issue #9): "Restore the unsaved copy from 12:03?" with Restore and
 * Discard, or, when the copy could not be written, a warning saying why. Renders nothing otherwise.
 * `draft` is what `useLocalDraft` returned.
 */
export function LocalDraftPrompt({
  draft,
  className,
  style,
}: {
  draft: Pick<LocalDraft<unknown>, 'pending' | 'restore' | 'discard' | 'failure'>;
  className?: string;
  style?: CSSProperties;
}) {
  const { t } = useTranslation();
  if (draft.pending)
    return (
      <Alert
        className={className}
        style={style}
        type="info"
        showIcon
        role="alert"
        data-testid="local-draft-prompt"
        title={t('drafts.prompt.title', { time: copyTime(draft.pending.savedAt) })}
        description={t('drafts.prompt.description')}
        action={
          <Space>
            <Button size="small" type="primary" onClick={draft.restore}>
              {t('drafts.prompt.restore')}
            </Button>
            <Button size="small" onClick={draft.discard}>
              {t('drafts.prompt.discard')}
            </Button>
          </Space>
        }
      />
    );
  if (draft.failure)
    return (
      <Alert
        className={className}
        style={style}
        type="warning"
        showIcon
        data-testid="local-draft-failure"
        title={t(FAILURE_KEYS[draft.failure])}
      />
    );
  return null;
}
