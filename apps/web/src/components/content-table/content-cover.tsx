import { useTranslation } from 'react-i18next';

/** Cover sizes in CSS px: the content table's 84×56, a video's 16:9 112×63, a short video's 3:4 48×64. */
export const COVER_SIZES = {
  table: { width: 84, height: 56 },
  landscape: { width: 112, height: 63 },
  portrait: { width: 48, height: 64 },
} as const;

export type CoverShape = keyof typeof COVER_SIZES;

/**
 * A work's cover thumbnail in a content table (API.md §9 `coverUrl`), or a grey "no cover" box of the
 * same size when the work has none. Decorative (`alt=""`): the title sits next to it.
 */
export function ContentCover({ url, shape = 'table' }: { url: string | null; shape?: CoverShape }) {
  const { t } = useTranslation();
  const size = COVER_SIZES[shape];
  if (url)
    return <img src={url} alt="" className="cc-cover-thumb" style={size} data-testid="content-cover" />;
  return (
    <div className="cc-no-cover" style={{ ...size, flex: 'none' }} data-testid="content-cover">
      {t('content.noCover')}
    </div>
  );
}
