import { App, Button, Progress, Tag, Typography } from 'antd';
import { CheckCircleOutlined, ClockCircleOutlined, GiftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TaskItem, TaskReward } from '@cc/contracts';
import { LinkButton } from '../../../components/content-table';
import { apiErrorText } from '../../../lib/api-client';
import { formatDate, useFormatCount } from '../../../lib/format';
import { tabularNums } from '../../../lib/theme';
import { useClaimTask } from '../api';
import { couponYuan, METRIC_LINKS, METRIC_UNIT_KEYS, progressPercent, taskState } from '../logic';
import './growth.css';

/** Success text on white at AA (antd's preset green fails contrast, DESIGN.md). */
export const SUCCESS_TEXT = '#237804';

/** A reward as the author reads it: the main line and, for a coupon, its terms. */
export function useRewardText(): (reward: TaskReward) => { main: string; terms?: string } {
  const { t } = useTranslation();
  return (reward) => {
    const coupon = couponYuan(reward);
    if (!coupon)
      return { main: t('growth.reward.points', { points: 'points' in reward ? reward.points : 0 }) };
    return {
      main: t('growth.reward.coupon', { value: coupon.value }),
      terms:
        coupon.minSpend === '0.00'
          ? t('growth.reward.couponNoMin', { days: coupon.days })
          : t('growth.reward.couponTerms', { min: coupon.minSpend, days: coupon.days }),
    };
  };
}

/** The last minute of a period that ends (exclusive) at `end`, in the viewer's time. */
function periodEndText(end: string): string {
  return formatDate(new Date(Date.parse(end) - 60_000), 'YYYY-MM-DD HH:mm');
}

/** A task's period: once, the ISO week or the month, and when it ends. */
export function PeriodText({ task }: { task: TaskItem }) {
  const { t } = useTranslation();
  const label =
    task.kind === 'newcomer'
      ? t('growth.tasks.period.once')
      : t(task.kind === 'weekly' ? 'growth.tasks.period.week' : 'growth.tasks.period.month', {
          period: task.period,
        });
  return (
    <Typography.Text type="secondary" className="cc-task-period">
      <ClockCircleOutlined aria-hidden /> {label}
      {task.periodEndsAt ? ` · ${t('growth.tasks.endsAt', { time: periodEndText(task.periodEndsAt) })}` : ''}
    </Typography.Text>
  );
}

/** "3 / 5 works" with the counts in the page's number style (万 in zh-CN). */
export function useProgressText(): (task: TaskItem) => string {
  const { t } = useTranslation();
  const formatCount = useFormatCount();
  return (task) =>
    t('growth.tasks.progress', {
      progress: formatCount(task.progress),
      target: formatCount(task.target),
      unit: t(`growth.units.${METRIC_UNIT_KEYS[task.metric]}`),
    });
}

/** The claim button, or what stands instead: claimed (with when) or the way to make progress. */
export function ClaimAction({ task, size }: { task: TaskItem; size?: 'small' | 'middle' }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const claim = useClaimTask();
  const rewardText = useRewardText();
  const state = taskState(task);
  if (state === 'claimed')
    return (
      <Typography.Text style={{ color: SUCCESS_TEXT }} data-testid="task-claimed">
        <CheckCircleOutlined aria-hidden />{' '}
        {task.claimedAt
          ? t('growth.tasks.claimedAt', { time: formatDate(task.claimedAt, 'YYYY-MM-DD HH:mm') })
          : t('growth.tasks.claimed')}
      </Typography.Text>
    );
  if (state === 'claimable')
    return (
      <Button
        type="primary"
        size={size}
        icon={<GiftOutlined aria-hidden />}
        loading={claim.isPending}
        data-testid="task-claim"
        aria-label={`${t('growth.tasks.claim')}${t('growth.colon')}${task.title}`}
        onClick={() =>
          claim.mutate(task.id, {
            onSuccess: () =>
              void message.success(t('growth.tasks.claimedToast', { reward: rewardText(task.reward).main })),
            onError: (e) => void message.error(apiErrorText(e, t, (k) => i18n.exists(k))),
          })
        }
      >
        {claim.isPending ? t('growth.tasks.claiming') : t('growth.tasks.claim')}
      </Button>
    );
  return (
    <LinkButton to={METRIC_LINKS[task.metric]} size={size} data-testid="task-go">
      {t(`growth.tasks.go.${task.metric}`)}
    </LinkButton>
  );
}

/** The state tag of a task (a word and an icon, never colour alone). */
export function TaskStateTag({ task }: { task: TaskItem }) {
  const { t } = useTranslation();
  const state = taskState(task);
  if (state === 'claimable')
    return (
      <Tag color="blue" icon={<GiftOutlined aria-hidden />}>
        {t('growth.tasks.claimable')}
      </Tag>
    );
  if (state === 'claimed')
    return <Tag icon={<CheckCircleOutlined aria-hidden />}>{t('growth.tasks.claimed')}</Tag>;
  return <Tag icon={<ClockCircleOutlined aria-hidden />}>{t('growth.tasks.open')}</Tag>;
}

/** One task with its progress bar and numbers, reward, period and action (the task page). */
export function TaskCard({ task }: { task: TaskItem }) {
  const { t } = useTranslation();
  const rewardText = useRewardText();
  const progressText = useProgressText();
  const reward = rewardText(task.reward);
  const state = taskState(task);
  return (
    <li
      className={`cc-task${state === 'claimable' ? ' cc-task-claimable' : ''}`}
      data-testid="task-card"
      data-code={task.code}
    >
      <div className="cc-task-main">
        <div className="cc-task-head">
          <Typography.Text strong className="cc-task-title">
            {task.title}
          </Typography.Text>
          <TaskStateTag task={task} />
        </div>
        {task.description ? (
          <Typography.Paragraph type="secondary" className="cc-task-description">
            {task.description}
          </Typography.Paragraph>
        ) : null}
        <div className="cc-task-progress">
          <Progress
            percent={progressPercent(task)}
            showInfo={false}
            size="small"
            status={task.done ? 'success' : 'normal'}
            aria-label={t('growth.tasks.progressAria', {
              title: task.title,
              progress: task.progress,
              target: task.target,
              unit: t(`growth.units.${METRIC_UNIT_KEYS[task.metric]}`),
            })}
          />
          <span className="cc-task-count" style={tabularNums} data-testid="task-progress">
            {progressText(task)}
          </span>
        </div>
        {task.missing && task.missing.length > 0 ? (
          <Typography.Text type="secondary" className="cc-task-missing">
            {t('growth.tasks.missing', {
              steps: task.missing.map((s) => t(`growth.tasks.steps.${s}`)).join(t('growth.listJoiner')),
            })}
          </Typography.Text>
        ) : null}
        <PeriodText task={task} />
      </div>
      <div className="cc-task-side">
        <div className="cc-task-reward" data-testid="task-reward">
          <GiftOutlined aria-hidden /> {reward.main}
          {reward.terms ? (
            <Typography.Text type="secondary" className="cc-task-reward-terms">
              {reward.terms}
            </Typography.Text>
          ) : null}
        </div>
        <ClaimAction task={task} />
      </div>
    </li>
  );
}
