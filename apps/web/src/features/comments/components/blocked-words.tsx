import { Alert, App, Button, Input, Switch, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BLOCKED_WORD_MAX_LENGTH, BLOCKED_WORDS_MAX } from '@cc/contracts';
import { ErrorState, LoadingState } from '../../../components/states';
import { useCommentSettings, useSaveCommentSettings } from '../api/comments-api';
import { checkBlockedWords, splitBlockedWords } from '../logic';
import { useErrorText } from './use-error-text';

/**
 * The author's blocked words and the hold-all switch (`GET/POST /api/comment/settings`, API.md §12): words pasted in
 * bulk (one a line, or separated by commas, 、 or semicolons) with their count and the limits (1000 words, 30
 * characters each) checked before saving; the switch saves at once with the saved words.
 */
export function BlockedWordsForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const settings = useCommentSettings();
  const save = useSaveCommentSettings();
  // null: untouched, the saved words show
  const [draft, setDraft] = useState<string | null>(null);
  const hintId = useId();
  const countId = useId();
  const holdAllId = useId();

  if (settings.isPending) return <LoadingState rows={3} />;
  if (settings.isError) return <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />;
  const saved = settings.data;
  const text = draft ?? saved.blockedWords.join('\n');
  const words = splitBlockedWords(text);
  const check = checkBlockedWords(words);
  const isValid = !check.tooMany && check.tooLong.length === 0;

  const saveWords = () => {
    if (!isValid) return;
    save.mutate(
      { blockedWords: words, holdAll: saved.holdAll },
      {
        onSuccess: () => {
          setDraft(null);
          void message.success(t('comments.settings.saved'));
        },
        onError: (e) => void message.error(errorText(e)),
      },
    );
  };
  const saveHoldAll = (holdAll: boolean) =>
    save.mutate(
      { blockedWords: saved.blockedWords, holdAll },
      {
        onSuccess: () => void message.success(t('comments.settings.saved')),
        onError: (e) => void message.error(errorText(e)),
      },
    );

  return (
    <div className="cc-comment-settings-words">
      <div className="cc-comment-settings-switch">
        <Switch
          id={holdAllId}
          checked={saved.holdAll}
          loading={save.isPending}
          onChange={saveHoldAll}
          data-testid="settings-hold-all"
        />
        <label htmlFor={holdAllId}>
          <strong>{t('comments.settings.holdAll')}</strong>
        </label>
        <Typography.Text type="secondary">{t('comments.settings.holdAllHint')}</Typography.Text>
      </div>
      <h3 className="cc-comment-settings-title">{t('comments.settings.wordsTitle')}</h3>
      <Typography.Paragraph type="secondary" id={hintId}>
        {t('comments.settings.wordsHint', { length: BLOCKED_WORD_MAX_LENGTH, max: BLOCKED_WORDS_MAX })}
      </Typography.Paragraph>
      <Input.TextArea
        value={text}
        onChange={(e) => setDraft(e.target.value)}
        autoSize={{ minRows: 4, maxRows: 12 }}
        aria-label={t('comments.settings.wordsLabel')}
        aria-describedby={`${hintId} ${countId}`}
        aria-invalid={!isValid}
        status={isValid ? undefined : 'error'}
        data-testid="settings-words"
      />
      <div className="cc-comment-settings-foot">
        <span id={countId} className="cc-tabular" data-testid="settings-word-count">
          {t('comments.settings.wordCount', { count: words.length, max: BLOCKED_WORDS_MAX })}
        </span>
        <Button
          type="primary"
          onClick={saveWords}
          disabled={!isValid || draft === null}
          loading={save.isPending}
          data-testid="settings-save-words"
        >
          {t('comments.settings.saveWords')}
        </Button>
      </div>
      {check.tooMany ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          data-testid="settings-words-too-many"
          title={t('comments.settings.wordsTooMany', {
            max: BLOCKED_WORDS_MAX,
            over: words.length - BLOCKED_WORDS_MAX,
          })}
        />
      ) : null}
      {check.tooLong.length > 0 ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          data-testid="settings-words-too-long"
          title={t('comments.settings.wordsTooLong', {
            length: BLOCKED_WORD_MAX_LENGTH,
            words: check.tooLong.join('、'),
          })}
        />
      ) : null}
    </div>
  );
}
