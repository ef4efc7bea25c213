import { Segmented, Tag, Tooltip, Typography } from 'antd';
import { ArrowUpOutlined, InfoCircleOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TREND_KINDS, type TrendKind } from '@cc/contracts';
import { EChart } from '../../../components/echart';
import { formatCount, formatDate, useFormatCount } from '../../../lib/format';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../../lib/i18n';
import { formatGrowth, sparklineOption } from '../logic';

/**
 * An extra last column of the ranked lists, given by the page (features do not import each other): its title and
 * one cell per entry — e.g. the content assistant's "write with the assistant" link (issue #14).
 */
export interface TrendRowAction {
  title: ReactNode;
  render(row: { key: string; label: string; seriesId?: number }): ReactNode;
}

/** "数据更新于 …" / "As of …" under a ranked list (every answer carries `asOf`). */
export function AsOf({ value }: { value: string }) {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary" className="cc-trends-note" data-testid="trends-as-of">
      <time dateTime={value}>{t('trends.asOf', { time: formatDate(value, 'YYYY-MM-DD HH:mm') })}</time>
    </Typography.Text>
  );
}

/** The series / keyword switch, a labelled segmented control. */
export function KindSwitch({ value, onChange }: { value: TrendKind; onChange(kind: TrendKind): void }) {
  const { t } = useTranslation();
  return (
    <Segmented<TrendKind>
      aria-label={t('trends.kindLabel')}
      value={value}
      onChange={onChange}
      options={TREND_KINDS.map((k) => ({ value: k, label: t(`trends.kinds.${k}`) }))}
      data-testid="trends-kind"
    />
  );
}

/** "互动量" with the definition a tooltip away (views + plays + likes + favorites + shares). */
export function EngagementTitle() {
  const { t } = useTranslation();
  return (
    <span>
      {t('trends.engagement')}{' '}
      <Tooltip title={t('trends.engagementHint')}>
        <InfoCircleOutlined aria-label={t('trends.engagementHint')} tabIndex={0} />
      </Tooltip>
    </span>
  );
}

/**
 * A small line of a series of points (hours or days), drawn by the shared EChart; `label` is its text alternative
 * (the box is `role="img"`).
 */
export function Sparkline({
  points,
  labels,
  label,
  width = 160,
}: {
  points: readonly number[];
  labels: readonly string[];
  label: string;
  width?: number;
}) {
  const { i18n } = useTranslation();
  const lang = LANGUAGES.find((l) => l === i18n.language) ?? DEFAULT_LANGUAGE;
  const option = useMemo(
    () => sparklineOption(points, labels, (n) => formatCount(n, lang)),
    [points, labels, lang],
  );
  return (
    <div style={{ width }} className="cc-trends-sparkline">
      <EChart option={option} height={36} ariaLabel={label} />
    </div>
  );
}

/**
 * The growth of a rising entry: "+500.0%" with an up arrow, or "新上榜" / "New" when there was nothing before —
 * a word and an icon, never the colour alone (DESIGN.md).
 */
export function GrowthBadge({ growthRate }: { growthRate: number | null }) {
  const { t } = useTranslation();
  const format = useFormatCount();
  if (growthRate === null) {
    return (
      <Tag
        className="cc-growth-new"
        icon={<ThunderboltOutlined />}
        title={t('trends.interest.newLabel')}
        data-testid="growth"
      >
        {t('trends.interest.new')}
      </Tag>
    );
  }
  const text = formatGrowth(growthRate, format);
  return (
    <Tag
      icon={<ArrowUpOutlined />}
      title={t('trends.interest.growthLabel', { value: text })}
      className="cc-tabular cc-growth-up"
      data-testid="growth"
    >
      {text}
    </Tag>
  );
}
