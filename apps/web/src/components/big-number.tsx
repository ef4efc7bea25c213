import { Typography } from 'antd';
import { formatWan } from '../lib/format';
import { tabularNums } from '../lib/theme';

/** A key number in a card: 万 rule of spec §9, tabular figures (DESIGN.md). */
export function BigNumber({ label, value, hint }: { label: string; value: number; hint?: string }) {
  return (
    <div className="cc-big-number">
      <Typography.Text type="secondary">{label}</Typography.Text>
      <div className="cc-big-number-value" style={tabularNums} title={String(value)}>
        {formatWan(value)}
      </div>
      {hint ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {hint}
        </Typography.Text>
      ) : null}
    </div>
  );
}
