import { Card, Checkbox, Col, Pagination, Row, Segmented, Space, Tag, Typography } from 'antd';
import { type ActivityItem, type ActivityPhase, formatDate } from '@cc/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useActivityList } from '../api';
import { PHASE_STYLE, STATE_STYLE } from './tag-style';
import './activity.css';

const TIME = 'YYYY-MM-DD HH:mm';
const PAGE_SIZE = 12;

/** One activity card: cover, title, phase, window, counts. */
export function ActivityCard({ item }: { item: ActivityItem }) {
  const { t } = useTranslation();
  return (
    <Card
      className="cc-activity-card"
      cover={item.coverUrl ? <img alt="" src={item.coverUrl} className="cc-activity-cover" /> : undefined}
      data-testid={`activity-${item.id}`}
    >
      <Space direction="vertical" size={4} style={{ width: '100%' }}>
        <Space wrap>
          <Tag style={PHASE_STYLE[item.phase]}>{t(`activity.phases.${item.phase}`)}</Tag>
          {item.state === 'announced' ? (
            <Tag style={STATE_STYLE.announced}>{t('activity.states.announced')}</Tag>
          ) : null}
        </Space>
        <Link to={`/activity/detail?id=${item.id}`} className="cc-activity-title">
          {item.title}
        </Link>
        <Typography.Text type="secondary">
          {t('activity.window', { from: formatDate(item.startsAt, TIME), to: formatDate(item.endsAt, TIME) })}
        </Typography.Text>
        {item.topic ? (
          <Typography.Text type="secondary">{t('activity.topic', { name: item.topic.name })}</Typography.Text>
        ) : null}
        <Typography.Text>
          {t('activity.entries', { count: item.entryCount })}
          {item.myEntryCount > 0 ? ` · ${t('activity.myEntries', { count: item.myEntryCount })}` : ''}
        </Typography.Text>
      </Space>
    </Card>
  );
}

/**
 * `/activity` (issue #15 "Activities"): the visible activities by phase (open, upcoming, ended), optionally only
 * those I joined; each card links to its page.
 */
export function ActivityList() {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<ActivityPhase | 'all'>('all');
  const [joined, setJoined] = useState(false);
  const [page, setPage] = useState(1);
  const list = useActivityList({
    page,
    pageSize: PAGE_SIZE,
    ...(phase === 'all' ? {} : { phase }),
    ...(joined ? { joined: 'true' as const } : {}),
  });
  return (
    <section className="cc-card" data-testid="activity-list">
      <h1 className="cc-page-title">{t('activity.title')}</h1>
      <Typography.Paragraph type="secondary">{t('activity.intro')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <Segmented
          value={phase}
          onChange={(v) => {
            setPhase(v);
            setPage(1);
          }}
          options={(['all', 'open', 'upcoming', 'ended'] as const).map((p) => ({
            value: p,
            label: t(`activity.phases.${p}`),
          }))}
        />
        <Checkbox
          checked={joined}
          onChange={(e) => {
            setJoined(e.target.checked);
            setPage(1);
          }}
        >
          {t('activity.joinedOnly')}
        </Checkbox>
      </Space>
      {list.isPending ? (
        <LoadingState rows={4} />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.list.length === 0 ? (
        <EmptyState description={t('activity.empty')} />
      ) : (
        <>
          <Row gutter={[16, 16]}>
            {list.data.list.map((item) => (
              <Col key={item.id} xs={24} md={12} xl={8}>
                <ActivityCard item={item} />
              </Col>
            ))}
          </Row>
          <Pagination
            style={{ marginTop: 16 }}
            current={page}
            pageSize={PAGE_SIZE}
            total={list.data.total}
            hideOnSinglePage
            onChange={setPage}
          />
        </>
      )}
    </section>
  );
}
