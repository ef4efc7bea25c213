import { Card, Col, Empty, Input, List, Row, Space, Tag, Typography } from 'antd';
import { NumberOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TopicItem } from '@cc/contracts';
import { useTopicList } from '../../components/work-pickers';
import { ErrorState, LoadingState } from '../../components/states';
import {
  DateTimeCell,
  editPathOf,
  LinkButton,
  StatusTag,
  useContentList,
  WorkTitleCell,
} from '../../components/content-table';
import { TopicEngagementCard, TopicTopWorks, topicPeriodOf } from '../../features/trends';
import { useQueryState } from '../../lib/use-query-state';

/** The author's works attached to one topic (`content/list` with `topicId`, docs/api.md "Topics"). */
function TopicWorks({ topic }: { topic: TopicItem }) {
  const { t } = useTranslation();
  const works = useContentList({ topicId: topic.id, page: 1, pageSize: 20 });
  if (works.isPending) return <LoadingState rows={3} />;
  if (works.isError) return <ErrorState error={works.error} onRetry={() => void works.refetch()} />;
  if (works.data.list.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('topic.noWorks')} />;
  return (
    <List
      data-testid="topic-works"
      dataSource={works.data.list}
      renderItem={(item) => (
        <List.Item
          actions={[
            <LinkButton key="edit" to={editPathOf(item)} type="link" size="small">
              {t('common.edit')}
            </LinkButton>,
          ]}
        >
          <Space size={16} style={{ width: '100%' }} align="center">
            <div style={{ flex: 1, minWidth: 0 }}>
              <WorkTitleCell item={item} subtitle={t(`content.types.${item.type}`)} />
            </div>
            <StatusTag status={item.status} rejectReason={item.rejectReason} />
            <DateTimeCell value={item.publishedAt ?? item.updatedAt} />
          </Space>
        </List.Item>
      )}
    />
  );
}

/**
 * `topic` (spec §2; issue #10 "Topics", issue #12 engagement): the platform's topics, searchable, each with how many
 * of the author's works carry it; choosing one shows its most engaged works of the period and the author's works in
 * it. Below, every topic with its works of every author and the author's own and their engagement over a period,
 * most engaged first (features/trends), where a topic can be chosen too. Topics are attached in every editor
 * (`topicId`). The keyword, topic and period live in the query string.
 */
export default function TopicPage() {
  const { t } = useTranslation();
  const qs = useQueryState({ keyword: '', id: '', period: '7d' });
  const period = topicPeriodOf(qs.get('period'));
  const topics = useTopicList(qs.get('keyword'));
  const selectedId = Number(qs.get('id')) || undefined;
  const selected = topics.data?.find((x) => x.id === selectedId) ?? topics.data?.[0];
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <section className="cc-card">
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 16 }}>
          <h1 className="cc-page-title">{t('topic.title')}</h1>
          <Input.Search
            key={qs.get('keyword')}
            defaultValue={qs.get('keyword')}
            allowClear
            placeholder={t('topic.search')}
            aria-label={t('topic.search')}
            style={{ width: 280 }}
            onSearch={(keyword) => qs.set({ keyword: keyword.trim(), id: '' })}
          />
        </div>
        <Typography.Paragraph type="secondary">{t('topic.intro')}</Typography.Paragraph>
        {topics.isPending ? (
          <LoadingState rows={6} />
        ) : topics.isError ? (
          <ErrorState error={topics.error} onRetry={() => void topics.refetch()} />
        ) : topics.data.length === 0 ? (
          <Empty description={t('topic.none')} />
        ) : (
          <Row gutter={16}>
            <Col flex="320px">
              <List
                data-testid="topic-list"
                dataSource={topics.data}
                renderItem={(topic) => (
                  <List.Item
                    onClick={() => qs.set({ id: String(topic.id) })}
                    style={{
                      cursor: 'pointer',
                      paddingInline: 12,
                      background: topic.id === selected?.id ? 'var(--cc-selected-bg, #e6f4ff)' : undefined,
                    }}
                    aria-current={topic.id === selected?.id ? 'true' : undefined}
                    data-testid={`topic-${topic.id}`}
                  >
                    <List.Item.Meta
                      avatar={<NumberOutlined />}
                      title={topic.name}
                      description={
                        <Typography.Text type="secondary" ellipsis>
                          {topic.description}
                        </Typography.Text>
                      }
                    />
                    <Tag>{t('topic.workCount', { count: topic.myWorkCount })}</Tag>
                  </List.Item>
                )}
              />
            </Col>
            <Col flex="auto" style={{ minWidth: 0 }}>
              {selected ? (
                <Card
                  title={`# ${selected.name}`}
                  extra={<Typography.Text type="secondary">{selected.description}</Typography.Text>}
                >
                  <TopicTopWorks period={period} topicId={selected.id} />
                  <TopicWorks topic={selected} />
                </Card>
              ) : null}
            </Col>
          </Row>
        )}
      </section>
      <TopicEngagementCard
        period={period}
        onPeriodChange={(next) => qs.set({ period: next })}
        selectedId={selected?.id}
        onSelect={(id) => qs.set({ id: String(id), keyword: '' })}
      />
    </div>
  );
}
