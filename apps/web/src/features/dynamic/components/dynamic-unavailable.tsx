import { Result } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { RULE_REFS } from '@cc/contracts';
import { LinkButton } from '../../../components/content-table';
import { withRuleLink } from '../../../components/rule-link';

/**
 * What a dynamic page shows to an author whom `get_dynamic_auth` does not allow dynamics (spec §3/§6
 * `dynamicShow` 0): a clear "not available" with the reason, the rule it applies (issue #11) and a way home — never
 * a crash or a blank page.
 */
export function DynamicUnavailable() {
  const { t } = useTranslation();
  return (
    <div data-testid="dynamic-unavailable">
      <Result
        icon={<LockOutlined />}
        title={t('dynamic.unavailable.title')}
        subTitle={withRuleLink(t('dynamic.unavailable.text'), RULE_REFS.DYNAMIC_NOT_ALLOWED)}
        extra={
          <LinkButton to="/" type="primary">
            {t('common.backHome')}
          </LinkButton>
        }
      />
    </div>
  );
}
