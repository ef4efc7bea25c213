import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../lib/format';

/** "Data as of 2026-03-05 10:00" under a figure (API.md §11: every answer carries `asOf`). */
export function AsOf({ time }: { time: string }) {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="as-of">
      {t('fans.asOf', { time: formatDate(time, 'YYYY-MM-DD HH:mm') })}
    </Typography.Text>
  );
}

/**
 * A card of the data pages (fans, analysis; issue #12): its heading, actions beside it, and the as-of time of its
 * figures under the heading.
 */
export function DataCard({
  title,
  extra,
  asOf,
  testId,
  children,
}: {
  title: string;
  extra?: ReactNode;
  asOf?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section className="cc-card" aria-label={title} data-testid={testId}>
      <div className="cc-section-head">
        <div>
          <h2 className="cc-section-title">{title}</h2>
          {asOf ? <AsOf time={asOf} /> : null}
        </div>
        {extra}
      </div>
      {children}
    </section>
  );
}
