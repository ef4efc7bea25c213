import { Tag } from 'antd';
import { CheckCircleOutlined, ClockCircleOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { LiveState } from '@cc/contracts';
import type { ReactNode } from 'react';

const LOOK: Record<LiveState, { color: string; icon: ReactNode }> = {
  upcoming: { color: 'blue', icon: <ClockCircleOutlined /> },
  live: { color: 'red', icon: <VideoCameraOutlined /> },
  ended: { color: 'default', icon: <CheckCircleOutlined /> },
};

/** A live show's state as colour, icon AND word (DESIGN.md: never colour alone). */
export function LiveStateTag({ state }: { state: LiveState }) {
  const { t } = useTranslation();
  const look = LOOK[state];
  return (
    <Tag color={look.color} icon={look.icon} data-testid="live-state" data-state={state}>
      {t(`live.state.${state}`)}
    </Tag>
  );
}
