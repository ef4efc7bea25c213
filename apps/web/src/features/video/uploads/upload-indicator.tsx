import { Dropdown, Progress } from 'antd';
import {
  CheckCircleFilled,
  CloudUploadOutlined,
  ExclamationCircleFilled,
  LoadingOutlined,
  PauseCircleOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UploadTask } from '@cc/uploader';
import { displayPercent, editorPath, formatSpeed, formatTimeLeft, VIDEO_ROUTES } from '../logic';
import { useRestoredUploads, useUploadTasks } from './upload-store';
import './upload-indicator.css';

/** Whether the header lists a task: while it runs or waits, and once ended until its page was seen. */
function isListed(task: UploadTask): boolean {
  return task.status === 'ready' || task.status === 'failed' ? task.unseen : true;
}

/** Whether the page on screen is the task's publishing page (which shows the upload itself). */
function isOnItsPage(task: UploadTask, pathname: string, search: string): boolean {
  if (pathname !== VIDEO_ROUTES[task.target.use].editor) return false;
  return (Number(new URLSearchParams(search).get('id')) || null) === task.target.contentId;
}

const ICONS: Record<UploadTask['status'], ReactNode> = {
  uploading: <CloudUploadOutlined />,
  merging: <LoadingOutlined />,
  processing: <LoadingOutlined />,
  paused: <PauseCircleOutlined />,
  ready: <CheckCircleFilled />,
  failed: <ExclamationCircleFilled />,
};

/**
 * The header's uploads (issue #9; DESIGN.md "uploads: percent, speed, time left"): the tab's uploads
 * that are running, waiting to be continued, or ended while the author was elsewhere. The first one is a
 * link back to its publishing page with its progress; more are behind a "+N" menu. Hidden on the upload's
 * own page (it shows the upload itself) and when there is nothing to show. Loads the author's remembered
 * uploads once (`useRestoredUploads`), so after a reload the header says an upload waits to be continued.
 */
export function HeaderUploads() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  useRestoredUploads();
  const tasks = useUploadTasks().filter((task) => isListed(task) && !isOnItsPage(task, pathname, search));
  if (tasks.length === 0) return null;

  const statusText = (task: UploadTask): string => {
    if (task.status !== 'uploading') return t(`video.uploads.indicator.${task.status}`);
    if (!task.progress) return t('video.upload.busy');
    return t('video.uploads.indicator.uploading', {
      percent: displayPercent(task.progress.progress),
      speed: formatSpeed(task.progress.speed),
      left: formatTimeLeft(task.progress.timeLeft),
    });
  };
  const linkOf = (task: UploadTask) => editorPath(task.target.use, task.target.contentId ?? undefined);
  const [first, ...more] = tasks as [UploadTask, ...UploadTask[]];
  const percent = first.progress ? displayPercent(first.progress.progress) : 0;

  return (
    <div className="cc-upload-indicator">
      <Link
        to={linkOf(first)}
        className="cc-upload-pill"
        data-testid="upload-indicator"
        data-status={first.status}
        data-percent={percent}
        aria-label={t('video.uploads.indicator.open', { name: first.file.name, status: statusText(first) })}
      >
        <span className="cc-upload-pill-icon" aria-hidden>
          {ICONS[first.status]}
        </span>
        <span className="cc-upload-pill-text">
          <span className="cc-upload-pill-line">
            <span className="cc-upload-pill-name">{first.file.name}</span>
            <span className="cc-upload-pill-status cc-tabular">{statusText(first)}</span>
          </span>
          {first.status === 'uploading' ? (
            <Progress
              percent={percent}
              showInfo={false}
              size={{ height: 3 }}
              strokeColor="#fff"
              railColor="rgba(255, 255, 255, 0.3)"
              className="cc-upload-pill-bar"
            />
          ) : null}
        </span>
      </Link>
      {more.length > 0 ? (
        <Dropdown
          trigger={['click']}
          menu={{
            items: more.map((task) => ({
              key: task.id,
              icon: ICONS[task.status],
              label: (
                <Link to={linkOf(task)}>
                  {task.file.name} · {statusText(task)}
                </Link>
              ),
            })),
          }}
        >
          <button
            type="button"
            className="cc-upload-more"
            aria-label={t('video.uploads.indicator.more', { count: more.length })}
          >
            +{more.length}
          </button>
        </Dropdown>
      ) : null}
    </div>
  );
}
