import { CopyOutlined, EnterOutlined } from '@ant-design/icons';
import { Alert, App, Button, Empty, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TITLE_MAX, type SuggestTitles, type SuggestedTitle } from '@cc/contracts';
import { formatTitleLength, titleMeter } from '../logic';

/**
 * The answer of `suggest_titles` (issue #14): why the model's titles are missing when they are, the car series and
 * keywords of the text (TF-IDF weight on hover), and the titles — each with its pattern, source, length against the
 * rule, a copy button and "use as title" (fills the page's title, for the check). The article editor takes no title
 * from a link yet, so a title goes there by copy and paste.
 */
export function TitleSuggestions({
  data,
  onUseTitle,
}: {
  data: SuggestTitles;
  onUseTitle(title: string): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();

  const handleCopy = (title: string) => {
    // WARNING: `navigator.clipboard` is missing outside secure contexts (plain http on another host)
    const clipboard = navigator.clipboard as Clipboard | undefined;
    if (!clipboard) return void message.warning(t('assistant.actions.copyFailed'));
    clipboard.writeText(title).then(
      () => void message.success(t('assistant.actions.copied')),
      () => void message.warning(t('assistant.actions.copyFailed')),
    );
  };

  return (
    <div data-testid="assistant-suggestions">
      {data.modelError ? (
        <Alert
          type="warning"
          showIcon
          title={data.modelError}
          data-testid="assistant-model-error"
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Typography.Title level={3} style={{ fontSize: 15 }}>
        {t('assistant.suggestions.cars')}
      </Typography.Title>
      <div data-testid="assistant-cars" style={{ marginBottom: 12 }}>
        {data.cars.length === 0 ? (
          <Typography.Text type="secondary">{t('assistant.suggestions.noCars')}</Typography.Text>
        ) : (
          data.cars.map((c) => (
            <Tag key={c.id} color="blue">
              {c.brand} {c.series}
            </Tag>
          ))
        )}
      </div>
      <Typography.Title level={3} style={{ fontSize: 15 }}>
        {t('assistant.suggestions.keywords')}
      </Typography.Title>
      <div data-testid="assistant-keywords" style={{ marginBottom: 16 }}>
        {data.keywords.map((k) => (
          <Tag key={k.word} title={t('assistant.suggestions.keywordWeight', { weight: k.weight.toFixed(4) })}>
            {k.word}
          </Tag>
        ))}
      </div>
      <Typography.Title level={3} style={{ fontSize: 15 }}>
        {t('assistant.suggestions.titles')}
      </Typography.Title>
      {data.titles.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('assistant.suggestions.empty')} />
      ) : (
        <>
          <ol className="cc-assistant-titles" data-testid="assistant-titles">
            {data.titles.map((title) => (
              <TitleRow
                key={`${title.source}:${title.text}`}
                title={title}
                onCopy={() => handleCopy(title.text)}
                onUse={() => onUseTitle(title.text)}
              />
            ))}
          </ol>
          <Typography.Text type="secondary">{t('assistant.suggestions.copyOnly')}</Typography.Text>
        </>
      )}
    </div>
  );
}

function TitleRow({ title, onCopy, onUse }: { title: SuggestedTitle; onCopy(): void; onUse(): void }) {
  const { t } = useTranslation();
  const { length } = titleMeter(title.text);
  return (
    <li className="cc-assistant-title" data-testid="assistant-title" data-source={title.source}>
      <div className="cc-assistant-title-text">{title.text}</div>
      <Space size={4} wrap className="cc-assistant-title-meta">
        <Tag>{t(`assistant.suggestions.patterns.${title.pattern}`)}</Tag>
        <Tag color={title.source === 'model' ? 'purple' : undefined}>
          {t(`assistant.suggestions.sources.${title.source}`)}
        </Tag>
        <span className="cc-tabular" style={{ color: 'var(--cc-text-description)' }}>
          {t('assistant.suggestions.length', { length: formatTitleLength(length), max: TITLE_MAX })}
        </span>
        <Button
          size="small"
          icon={<CopyOutlined aria-hidden />}
          aria-label={t('assistant.actions.copyAria', { title: title.text })}
          onClick={onCopy}
        >
          {t('assistant.actions.copy')}
        </Button>
        <Button
          size="small"
          icon={<EnterOutlined aria-hidden />}
          aria-label={t('assistant.actions.useTitleAria', { title: title.text })}
          onClick={onUse}
        >
          {t('assistant.actions.useTitle')}
        </Button>
      </Space>
    </li>
  );
}
