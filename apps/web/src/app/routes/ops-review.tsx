import { Result, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { CertificationQueue, PermissionsPanel, ReviewQueue } from '../../features/ops';
import { OpsTasksPanel } from '../../features/growth';
import { OpsAppealsPanel } from '../../features/credit';
import { OpsOrdersPanel } from '../../features/business';
import { OpsCouponsPanel } from '../../features/promotion';
import { OpsActivitiesPanel } from '../../features/activity';
import { OpsCarPhotosPanel } from '../../features/carphoto';
import { OpsUsagePanel } from '../../features/tracking';
import { useMyInfo } from '../../features/shell';
import { ErrorState, LoadingState } from '../../components/states';
import { useQueryState } from '../../lib/use-query-state';

const TABS = [
  'queue',
  'certification',
  'permissions',
  'orders',
  'appeals',
  'tasks',
  'coupons',
  'activities',
  'photos',
  'usage',
] as const;

/**
 * `/ops/review` (the product's own page, issue #10 "a small operator page"; spec §2 names no route for it):
 * the review queue, certification review (`?tab=certification`, issue #11) and authors' permissions, for role
 * `operator`. An author who opens it is told it is for operators (the server refuses their calls with 10005 anyway).
 */
export default function OpsReviewPage() {
  const { t } = useTranslation();
  const me = useMyInfo();
  const qs = useQueryState({ tab: 'queue' });
  if (me.isPending) return <LoadingState rows={6} />;
  if (me.isError) return <ErrorState error={me.error} onRetry={() => void me.refetch()} />;
  if (me.data.role !== 'operator')
    return (
      <section className="cc-card">
        <Result status="403" title={t('ops.title')} subTitle={t('ops.operatorsOnly')} />
      </section>
    );
  return (
    <section className="cc-card">
      <h1 className="cc-page-title">{t('ops.title')}</h1>
      {/* ten areas: a vertical tab list keeps every tab in view (a horizontal bar overflows into antd's "more"
          menu, whose closed listbox fails axe's aria-required-children) */}
      <Tabs
        tabPosition="left"
        className="cc-ops-tabs"
        activeKey={TABS.find((tab) => tab === qs.get('tab')) ?? 'queue'}
        onChange={(tab) => qs.set({ tab })}
        items={[
          { key: 'queue', label: t('ops.review.tab'), children: <ReviewQueue /> },
          {
            key: 'certification',
            label: t('ops.certification.tab'),
            children: <CertificationQueue />,
          },
          { key: 'permissions', label: t('ops.permissions.tab'), children: <PermissionsPanel /> },
          // issue #14: business orders, credit appeals, task definitions, coupons
          { key: 'orders', label: t('business.ops.tab'), children: <OpsOrdersPanel /> },
          { key: 'appeals', label: t('credit.ops.tab'), children: <OpsAppealsPanel /> },
          { key: 'tasks', label: t('growth.ops.tab'), children: <OpsTasksPanel /> },
          { key: 'coupons', label: t('promotion.ops.tab'), children: <OpsCouponsPanel /> },
          // issue #15: activities, the car photo library, product usage (tracking points)
          { key: 'activities', label: t('activity.opsTab'), children: <OpsActivitiesPanel /> },
          { key: 'photos', label: t('carphoto.opsTab'), children: <OpsCarPhotosPanel /> },
          { key: 'usage', label: t('tracking.opsTab'), children: <OpsUsagePanel /> },
        ]}
      />
    </section>
  );
}
