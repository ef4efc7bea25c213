import { PlusOutlined } from '@ant-design/icons';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DYNAMIC_ROUTES,
  DYNAMIC_STATUS_TABS,
  DynamicManager,
  dynamicEditorPath,
  type DynamicStatusTab,
} from '../../features/dynamic';
import { LinkButton } from '../../components/content-table';
import { useQueryState } from '../../lib/use-query-state';
import { DynamicGate, useDynamicAccess } from './dynamic-gate';

/**
 * `/detailManage/dynamic?status=rejected&page=2` (issue #10): the management of the author's dynamics; tab and
 * page live in the query string.
 */
export default function DynamicManagePage() {
  const { t } = useTranslation();
  const { allowed } = useDynamicAccess();
  const qs = useQueryState({ status: 'all', page: '1' });
  const tab = (DYNAMIC_STATUS_TABS as readonly string[]).includes(qs.get('status'))
    ? (qs.get('status') as DynamicStatusTab)
    : 'all';
  return (
    <section className="cc-card">
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 16 }}>
        <h1 className="cc-page-title">{t('dynamic.page.manageTitle')}</h1>
        {allowed ? (
          <Space>
            <LinkButton to={DYNAMIC_ROUTES.community}>{t('dynamic.manage.viewFeed')}</LinkButton>
            <LinkButton
              to={dynamicEditorPath()}
              type="primary"
              icon={<PlusOutlined />}
              data-testid="publish-button"
            >
              {t('dynamic.publish')}
            </LinkButton>
          </Space>
        ) : null}
      </div>
      <DynamicGate>
        <DynamicManager
          tab={tab}
          page={Math.max(1, Number(qs.get('page')) || 1)}
          onChange={(next) =>
            qs.set({
              ...(next.tab !== undefined ? { status: next.tab } : {}),
              ...(next.page !== undefined ? { page: next.page } : {}),
            })
          }
        />
      </DynamicGate>
    </section>
  );
}
