import { Tag } from 'antd';
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  DeleteOutlined,
  EyeInvisibleOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CommentState } from '@cc/contracts';
import type { ReactNode } from 'react';

// status colours only: the theme darkens their words to AA (lib/theme.ts), where preset green/volcano fail
const LOOK: Record<CommentState, { color: string; icon: ReactNode }> = {
  published: { color: 'success', icon: <CheckCircleOutlined /> },
  held: { color: 'warning', icon: <ClockCircleOutlined /> },
  hidden: { color: 'default', icon: <EyeInvisibleOutlined /> },
  deleted: { color: 'error', icon: <DeleteOutlined /> },
};

/** A comment's state as colour, word and icon (DESIGN.md: never colour alone). */
export function CommentStateTag({ state }: { state: CommentState }) {
  const { t } = useTranslation();
  const look = LOOK[state];
  return (
    <Tag color={look.color} icon={look.icon} data-testid="comment-state" data-state={state}>
      {t(`comments.states.${state}`)}
    </Tag>
  );
}

/** The state tag, with the reason beside a held comment (issue #13; the server's words, in the page language). */
export function CommentStateCell({ state, holdReason }: { state: CommentState; holdReason?: string }) {
  const { t } = useTranslation();
  return (
    <div className="cc-comment-state">
      <CommentStateTag state={state} />
      {state === 'held' && holdReason ? (
        <div className="cc-comment-hold-reason" data-testid="comment-hold-reason">
          {t('comments.row.holdReason', { reason: holdReason })}
        </div>
      ) : null}
    </div>
  );
}
