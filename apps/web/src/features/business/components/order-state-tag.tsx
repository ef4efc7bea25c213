import { Tag } from 'antd';
import type { OrderState } from '@cc/contracts';
import { useTranslation } from 'react-i18next';
import { stateTone } from '../logic';

/** An order's state as a word in a tag (colour never alone, DESIGN.md). */
export function OrderStateTag({ state }: { state: OrderState }) {
  const { t } = useTranslation();
  return (
    <Tag style={stateTone(state)} data-testid="order-state">
      {t(`business.states.${state}`)}
    </Tag>
  );
}
