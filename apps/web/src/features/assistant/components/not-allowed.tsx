import { LockOutlined } from '@ant-design/icons';
import { Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ruleHref } from '@cc/contracts';

/**
 * What an author without the `contentAssistant` permission sees (spec §6): that an operator enables it, what it
 * would do, and the title rules to read meanwhile — no form that would only be refused.
 */
export function AssistantNotAllowed() {
  const { t } = useTranslation();
  return (
    <Result
      icon={<LockOutlined aria-hidden />}
      title={t('assistant.notAllowed.title')}
      data-testid="assistant-not-allowed"
      subTitle={
        <div style={{ maxWidth: 560, margin: '0 auto', textAlign: 'start' }}>
          <Typography.Paragraph>{t('assistant.notAllowed.body')}</Typography.Paragraph>
          <ul>
            <li>{t('assistant.notAllowed.item1')}</li>
            <li>{t('assistant.notAllowed.item2')}</li>
            <li>{t('assistant.notAllowed.item3')}</li>
          </ul>
          <Typography.Paragraph strong>{t('assistant.notAllowed.contact')}</Typography.Paragraph>
        </div>
      }
      extra={<Link to={ruleHref('publish-titles#length')}>{t('assistant.notAllowed.rules')}</Link>}
    />
  );
}
