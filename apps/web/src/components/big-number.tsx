import { Typography } from 'antd';
import { useFormatCount } from '../lib/format';
import { tabularNums } from '../lib/theme';

/** A key number in a card: 万 in zh-CN, K/M in en-US (spec §9, issue #9), tabular figures (DESIGN.md). */
export function BigNumber({ label, value, hint }: { label: string; value: number; hint?: string }) {
  const formatCount = useFormatCount();
  return (
    <div className="cc-big-number">
      <Typography.Text type="secondary">{label}</Typography.Text>
      <div className="cc-big-number-value" style={tabularNums} title={String(value)} data-testid="big-number">
        {formatCount(value)}
      </div>
      {hint ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {hint}
        </Typography.Text>
      ) : null}
    </div>
  );
}
