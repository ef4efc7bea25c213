import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { assistantPath } from '../logic';

/**
 * "Write with the assistant" beside a trend (issue #14 "creativeHot and creativeInterest link into it"): opens
 * `/contentAssistant?topic=<topic>`, where the titles lead with the topic (a keyword, or a car series `brand series`).
 */
export function WriteWithAssistantLink({ topic }: { topic: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={assistantPath(topic)}
      aria-label={t('assistant.writeWithAssistantAria', { topic })}
      data-testid="write-with-assistant"
      style={{ whiteSpace: 'nowrap' }}
    >
      <EditOutlined aria-hidden /> {t('assistant.writeWithAssistant')}
    </Link>
  );
}
