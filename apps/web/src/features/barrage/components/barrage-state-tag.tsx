import { Tag } from 'antd';
import {
  CheckCircleOutlined,
  DeleteOutlined,
  PauseCircleOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { BarrageState } from '@cc/contracts';
import type { ReactNode } from 'react';

const ICON: Record<BarrageState, ReactNode> = {
  published: <CheckCircleOutlined />,
  held: <PauseCircleOutlined />,
  protected: <SafetyCertificateOutlined />,
  deleted: <DeleteOutlined />,
};

/**
 * A barrage message's state as a word, an icon and a colour (DESIGN.md: never colour alone). The colours are
 * the page's own (barrage.css): antd's preset green and volcano tag texts fail AA contrast.
 */
export function BarrageStateTag({ state }: { state: BarrageState }) {
  const { t } = useTranslation();
  return (
    <Tag
      icon={ICON[state]}
      className={`cc-barrage-state cc-barrage-state--${state}`}
      data-testid="barrage-state"
      data-state={state}
    >
      {t(`barrage.states.${state}`)}
    </Tag>
  );
}
