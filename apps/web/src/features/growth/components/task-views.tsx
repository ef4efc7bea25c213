import { Badge, Typography } from 'antd';
import { GiftOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TaskItem } from '@cc/contracts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useTaskList } from '../api';
import { nextTasks, progressPercent, taskState } from '../logic';
import { ClaimAction, TaskCard, useProgressText, useRewardText } from './task-parts';
import './growth.css';

/**
 * `/task/detail` (issue #14 "Tasks"): every active task — newcomer ones, then the weekly and monthly ones — with its
 * progress bar and numbers, the reward, the period and when it ends, and the claim button (or when it was claimed, or
 * where to make progress).
 */
export function TaskDetailView() {
  const { t } = useTranslation();
  const tasks = useTaskList();
  let body;
  if (tasks.isPending) body = <LoadingState rows={8} />;
  else if (tasks.isError) body = <ErrorState error={tasks.error} onRetry={() => void tasks.refetch()} />;
  else if (tasks.data.newcomer.length + tasks.data.periodic.length === 0)
    body = (
      <section className="cc-card">
        <EmptyState
          description={
            <>
              <div>{t('growth.tasks.empty')}</div>
              <Typography.Text type="secondary">{t('growth.tasks.emptyHint')}</Typography.Text>
            </>
          }
        />
      </section>
    );
  else
    body = (
      <>
        <TaskSection
          id="newcomer"
          title={t('growth.tasks.newcomer')}
          hint={t('growth.tasks.newcomerHint')}
          tasks={tasks.data.newcomer}
        />
        <TaskSection
          id="periodic"
          title={t('growth.tasks.periodic')}
          hint={t('growth.tasks.periodicHint')}
          tasks={tasks.data.periodic}
        />
      </>
    );
  return (
    <div className="cc-growth-page">
      <section className="cc-card" aria-labelledby="tasks-title">
        <div className="cc-growth-head">
          <h1 className="cc-page-title" id="tasks-title">
            {t('growth.tasks.title')}
          </h1>
          <Link to="/growUp/myGrade">{t('growth.tasks.toGrade')}</Link>
        </div>
        <Typography.Paragraph type="secondary">{t('growth.tasks.intro')}</Typography.Paragraph>
      </section>
      {body}
    </div>
  );
}

function TaskSection({
  id,
  title,
  hint,
  tasks,
}: {
  id: string;
  title: string;
  hint: string;
  tasks: TaskItem[];
}) {
  if (tasks.length === 0) return null;
  return (
    <section className="cc-card" aria-labelledby={`tasks-${id}`} data-testid={`tasks-${id}`}>
      <h2 className="cc-section-title" id={`tasks-${id}`}>
        {title}
      </h2>
      <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>
      <ul className="cc-task-list">
        {tasks.map((task) => (
          <TaskCard key={task.id} task={task} />
        ))}
      </ul>
    </section>
  );
}

/** How many tasks the home card shows. */
export const HOME_TASKS = 4;

/**
 * The home page's task card (issue #14 "a home widget with the next tasks"): rewards waiting first (highlighted, with
 * the claim button), then the unfinished tasks closest to done with their progress. The home page's section around it
 * links to all tasks.
 */
export function HomeTasksCard() {
  const { t } = useTranslation();
  const tasks = useTaskList();
  const progressText = useProgressText();
  const rewardText = useRewardText();
  if (tasks.isPending) return <LoadingState rows={3} />;
  if (tasks.isError) return <ErrorState error={tasks.error} onRetry={() => void tasks.refetch()} />;
  const all = [...tasks.data.newcomer, ...tasks.data.periodic];
  const next = nextTasks(all, HOME_TASKS);
  const waiting = all.filter((task) => taskState(task) === 'claimable').length;
  return (
    <div data-testid="home-tasks">
      {waiting > 0 ? (
        <Typography.Paragraph className="cc-home-tasks-waiting">
          <Badge status="processing" /> <GiftOutlined aria-hidden />{' '}
          {t('growth.widget.waiting', { count: waiting })}
        </Typography.Paragraph>
      ) : null}
      {next.length === 0 ? (
        <EmptyState description={t('growth.widget.allDone')} />
      ) : (
        <ul className="cc-home-tasks">
          {next.map((task) => (
            <li
              key={task.id}
              className={`cc-home-task${taskState(task) === 'claimable' ? ' cc-task-claimable' : ''}`}
              data-testid="home-task"
            >
              <div className="cc-home-task-main">
                <Typography.Text strong ellipsis className="cc-home-task-title">
                  {task.title}
                </Typography.Text>
                <div className="cc-home-task-meta">
                  <span data-testid="home-task-progress">{progressText(task)}</span>
                  <span aria-hidden> · </span>
                  <span>{rewardText(task.reward).main}</span>
                </div>
                <div
                  className="cc-home-task-bar"
                  role="presentation"
                  style={{ ['--cc-progress' as string]: `${progressPercent(task)}%` }}
                />
              </div>
              <ClaimAction task={task} size="small" />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
