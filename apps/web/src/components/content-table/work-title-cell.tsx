import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ContentListItem } from '@cc/contracts';
import type { ReactNode } from 'react';
import { ContentCover, type CoverShape } from './content-cover';

/**
 * A work in a table's title column: its cover (with an optional badge on its corner, e.g. a video's
 * duration), then its title over the whole width the column has left — up to two lines, cut with an
 * ellipsis and shown in full in a tooltip (issue #9: titles were cut at 136 px) — and an optional line
 * under it (e.g. the type). "(untitled)" when the work has no title.
 */
export function WorkTitleCell({
  item,
  shape = 'table',
  subtitle,
  coverBadge,
}: {
  item: Pick<ContentListItem, 'title' | 'coverUrl'>;
  shape?: CoverShape;
  subtitle?: ReactNode;
  coverBadge?: ReactNode;
}) {
  const { t } = useTranslation();
  const title = item.title || t('content.untitled');
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 12, minWidth: 0 }}>
      <div style={{ position: 'relative', flex: 'none', lineHeight: 0 }}>
        <ContentCover url={item.coverUrl} shape={shape} />
        {coverBadge ? (
          <span
            className="cc-tabular"
            style={{
              position: 'absolute',
              right: 4,
              bottom: 4,
              padding: '0 4px',
              borderRadius: 2,
              background: 'rgba(0, 0, 0, 0.72)',
              color: '#fff',
              fontSize: 12,
              lineHeight: '18px',
            }}
          >
            {coverBadge}
          </span>
        ) : null}
      </div>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Typography.Paragraph
          strong
          ellipsis={{ rows: 2, tooltip: title }}
          style={{ marginBottom: 0 }}
          data-testid="work-title"
        >
          {title}
        </Typography.Paragraph>
        {subtitle ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {subtitle}
          </Typography.Text>
        ) : null}
      </div>
    </div>
  );
}
