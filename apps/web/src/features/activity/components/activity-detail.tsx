import {
  Alert,
  App,
  Button,
  Descriptions,
  Modal,
  Popconfirm,
  Radio,
  Result,
  Space,
  Tag,
  Typography,
} from 'antd';
import { type ActivityDetail, formatDate } from '@cc/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { apiErrorText, isApiError } from '../../../lib/api-client';
import { useActivityDetail, useEligibleWorks, useJoinActivity, useWithdrawEntry } from '../api';
import { EntriesTable } from './entries-table';
import { PHASE_STYLE, STATE_STYLE } from './tag-style';
import './activity.css';

const TIME = 'YYYY-MM-DD HH:mm';

/** A positive int4 id from the address, else undefined. */
export function positiveId(value: string | null): number | undefined {
  if (!value || !/^\d{1,10}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 && n <= 2_147_483_647 ? n : undefined;
}

/**
 * `/activity/detail?id=` (issue #15 "Activities"): the rules, prizes and score rule, my entries with their
 * numbers inside the window (enter a work, withdraw while open), and the ranking of every entry.
 */
export function ActivityDetailView({ id }: { id: number | undefined }) {
  const { t } = useTranslation();
  const detail = useActivityDetail(id);
  if (id === undefined || (detail.isError && isApiError(detail.error, 10006)))
    return (
      <section className="cc-card">
        <Result
          status="404"
          title={t('activity.detailTitle')}
          subTitle={t('activity.detail.notFound')}
          extra={<Link to="/activity">{t('activity.detail.back')}</Link>}
        />
      </section>
    );
  if (detail.isPending) return <LoadingState rows={8} />;
  if (detail.isError) return <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  return <DetailBody a={detail.data} />;
}

function DetailBody({ a }: { a: ActivityDetail }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [picking, setPicking] = useState(false);
  const withdraw = useWithdrawEntry();
  const errorText = (e: unknown) => apiErrorText(e, t, (k) => i18n.exists(k));
  return (
    <div className="cc-activity-detail" data-testid="activity-detail">
      <section className="cc-card">
        <Link to="/activity">{t('activity.detail.back')}</Link>
        <h1 className="cc-page-title" data-testid="activity-title">
          {a.title} <Tag style={PHASE_STYLE[a.phase]}>{t(`activity.phases.${a.phase}`)}</Tag>
          {a.final ? <Tag style={STATE_STYLE.announced}>{t('activity.states.announced')}</Tag> : null}
        </h1>
        {a.coverUrl ? (
          <img alt="" src={a.coverUrl} className="cc-activity-cover" style={{ maxWidth: 480 }} />
        ) : null}
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('activity.columns.window')}>
            {formatDate(a.startsAt, TIME)} – {formatDate(a.endsAt, TIME)}
          </Descriptions.Item>
          <Descriptions.Item label={t('activity.columns.resultsAt')}>
            {formatDate(a.resultsAt, TIME)}
          </Descriptions.Item>
          {a.topic ? (
            <Descriptions.Item label={t('activity.columns.topic')}>{a.topic.name}</Descriptions.Item>
          ) : null}
          <Descriptions.Item label={t('activity.workTypes')}>
            {a.workTypes.map((w) => (
              <Tag key={w}>{t(`activity.types.${w}`)}</Tag>
            ))}
          </Descriptions.Item>
        </Descriptions>
        {a.final ? <Alert type="success" showIcon message={t('activity.detail.finalNotice')} /> : null}
      </section>
      <section className="cc-card">
        <h2 className="cc-section-title">{t('activity.detail.rules')}</h2>
        <Typography.Paragraph className="cc-activity-rules" data-testid="activity-rules">
          {a.rules}
        </Typography.Paragraph>
        <h2 className="cc-section-title">{t('activity.detail.prizes')}</h2>
        {a.prizes.length === 0 ? (
          <Typography.Paragraph type="secondary">{t('activity.detail.noPrizes')}</Typography.Paragraph>
        ) : (
          <ul data-testid="activity-prizes">
            {a.prizes.map((p) => (
              <li key={p.fromRank}>
                {p.fromRank === p.toRank
                  ? t('activity.detail.rankOne', { rank: p.fromRank })
                  : t('activity.detail.rankRange', { from: p.fromRank, to: p.toRank })}
                {' · '}
                {p.text}
              </li>
            ))}
          </ul>
        )}
        <h2 className="cc-section-title">{t('activity.detail.score')}</h2>
        <Typography.Paragraph data-testid="activity-score-rule">
          {t('activity.detail.scoreRule', a.scoreWeights)}
        </Typography.Paragraph>
      </section>
      <section className="cc-card" aria-label={t('activity.detail.mine')}>
        <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
          <h2 className="cc-section-title">{t('activity.detail.mine')}</h2>
          {a.phase === 'open' ? (
            <Button type="primary" onClick={() => setPicking(true)} data-testid="activity-join">
              {t('activity.detail.join')}
            </Button>
          ) : null}
        </Space>
        {a.myEntries.length === 0 ? (
          <EmptyState description={t('activity.detail.mineEmpty')} />
        ) : (
          <EntriesTable
            entries={a.myEntries}
            showAuthor={false}
            testId="my-entries"
            actions={
              a.phase === 'open'
                ? (e) =>
                    e.state === 'entered' ? (
                      <Popconfirm
                        title={t('activity.detail.withdrawConfirm')}
                        okText={t('common.confirm')}
                        cancelText={t('common.cancel')}
                        onConfirm={() =>
                          withdraw.mutate(
                            { id: e.id },
                            {
                              onSuccess: () => void message.success(t('activity.detail.withdrawn')),
                              onError: (err) => void message.error(errorText(err)),
                            },
                          )
                        }
                      >
                        <Button size="small">{t('activity.detail.withdraw')}</Button>
                      </Popconfirm>
                    ) : null
                : undefined
            }
          />
        )}
      </section>
      <section className="cc-card" aria-label={t('activity.detail.ranking')}>
        <h2 className="cc-section-title">{t('activity.detail.ranking')}</h2>
        <Typography.Paragraph type="secondary">
          {a.final ? t('activity.detail.rankingFinal') : t('activity.detail.rankingLive')}
        </Typography.Paragraph>
        {a.ranking.length === 0 ? (
          <EmptyState description={t('activity.detail.rankingEmpty')} />
        ) : (
          <EntriesTable entries={a.ranking} testId="activity-ranking" />
        )}
      </section>
      {picking ? <JoinModal activityId={a.id} onClose={() => setPicking(false)} /> : null}
    </div>
  );
}

function JoinModal({ activityId, onClose }: { activityId: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const works = useEligibleWorks(activityId, true);
  const join = useJoinActivity();
  const [choice, setChoice] = useState<number | null>(null);
  return (
    <Modal
      open
      title={t('activity.detail.joinTitle')}
      onCancel={onClose}
      okText={t('activity.detail.join')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: choice === null }}
      confirmLoading={join.isPending}
      onOk={() =>
        choice !== null &&
        join.mutate(
          { id: activityId, contentId: choice },
          {
            onSuccess: () => {
              void message.success(t('activity.detail.joined'));
              onClose();
            },
            onError: (e) => void message.error(apiErrorText(e, t, (k) => i18n.exists(k))),
          },
        )
      }
    >
      {works.isPending ? (
        <LoadingState rows={3} />
      ) : works.isError ? (
        <ErrorState error={works.error} onRetry={() => void works.refetch()} />
      ) : works.data.length === 0 ? (
        <EmptyState description={t('activity.detail.joinNone')} />
      ) : (
        <Radio.Group value={choice} onChange={(e) => setChoice(e.target.value as number)}>
          <Space direction="vertical">
            {works.data.map((w) => (
              <Radio key={w.id} value={w.id} data-testid={`eligible-${w.id}`}>
                {w.title} <Tag>{t(`activity.types.${w.type}`)}</Tag>
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      )}
    </Modal>
  );
}
