import { PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Space, Tabs, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DYNAMIC_OLD_AFTER_DAYS, type DynamicListView } from '@cc/contracts';
import { DYNAMIC_ROUTES, DynamicFeed, dynamicEditorPath } from '../../features/dynamic';
import { LinkButton } from '../../components/content-table';
import { useQueryState } from '../../lib/use-query-state';
import { DynamicGate, useDynamicAccess } from './dynamic-gate';

/** The three `newDynamic/*` views: their path and title (the route manifest's). */
const VIEWS: Record<DynamicListView, { path: string; titleKey: string }> = {
  community: { path: DYNAMIC_ROUTES.community, titleKey: 'menu.community' },
  old: { path: DYNAMIC_ROUTES.old, titleKey: 'pages.oldDynamic' },
  smallVideo: { path: DYNAMIC_ROUTES.smallVideo, titleKey: 'pages.dynamicSmallVideo' },
};

/**
 * A `newDynamic/*` page (spec §2; issue #10): the author's published dynamics of one view as a feed with their
 * engagement, tabs between the three views (all, older than 30 days, with a video); the page number lives in the
 * query string.
 */
export function NewDynamicPage({ view }: { view: DynamicListView }) {
  const { t } = useTranslation();
  const { allowed } = useDynamicAccess();
  const navigate = useNavigate();
  const qs = useQueryState({ page: '1' });
  return (
    <section className="cc-card">
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 16 }}>
        <h1 className="cc-page-title">{t(VIEWS[view].titleKey)}</h1>
        {allowed ? (
          <Space>
            <LinkButton to={DYNAMIC_ROUTES.manage} icon={<UnorderedListOutlined />}>
              {t('dynamic.feed.manage')}
            </LinkButton>
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
        <Tabs
          activeKey={view}
          aria-label={t('dynamic.feed.viewsLabel')}
          onChange={(key) => void navigate(VIEWS[key as DynamicListView].path)}
          items={(Object.keys(VIEWS) as DynamicListView[]).map((k) => ({
            key: k,
            label: <span data-testid={`dynamic-view-${k}`}>{t(VIEWS[k].titleKey)}</span>,
          }))}
        />
        <Typography.Paragraph type="secondary" data-testid="dynamic-view-hint">
          {t(`dynamic.feed.hint.${view}`, { days: DYNAMIC_OLD_AFTER_DAYS })}
        </Typography.Paragraph>
        <DynamicFeed
          view={view}
          page={Math.max(1, Number(qs.get('page')) || 1)}
          onPageChange={(p) => qs.set({ page: p })}
        />
      </DynamicGate>
    </section>
  );
}
