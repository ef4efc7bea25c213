import { Typography } from 'antd';
import { formatDate } from '../../lib/format';

/** A timestamp as two lines, date over time (`YYYY-MM-DD` / `HH:mm:ss`, local time); '—' when absent. */
export function DateTimeCell({ value }: { value: string | null | undefined }) {
  if (!value) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <div className="cc-tabular cc-nowrap">
      <div>{formatDate(value, 'YYYY-MM-DD')}</div>
      <Typography.Text type="secondary">{formatDate(value, 'HH:mm:ss')}</Typography.Text>
    </div>
  );
}
