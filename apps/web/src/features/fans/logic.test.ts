import { describe, expect, it } from 'vitest';
import { AGE_BANDS, CN_REGIONS, EVENT_SOURCES, READER_DEVICES, READER_GENDERS } from '@cc/contracts';
import zhCN from '../../lib/i18n/locales/zh-CN';
import enUS from '../../lib/i18n/locales/en-US';
import { initI18n } from '../../lib/i18n';
import {
  ageBandLabel,
  barOption,
  chartTotals,
  fansChartOption,
  formatBytes,
  orderAgeBands,
  regionLabel,
  topRegions,
} from './logic';

const i18n = initI18n();

describe('labels of the contracts’ reader fields (issue #12)', () => {
  it('every CN_REGIONS code has its province’s name in both languages, each name once', () => {
    for (const locale of [zhCN, enUS]) {
      const regions = locale.fans.regions as Record<string, string>;
      expect(Object.keys(regions).sort()).toEqual([...CN_REGIONS].sort());
      expect(new Set(Object.values(regions)).size).toBe(CN_REGIONS.length);
    }
    expect(zhCN.fans.regions['CN-NM']).toBe('内蒙古');
    expect(enUS.fans.regions['CN-SN']).toBe('Shaanxi');
    expect(enUS.fans.regions['CN-SX']).toBe('Shanxi');
  });

  it('every gender, age band, device and traffic source of the contracts has a label in both languages', () => {
    for (const locale of [zhCN, enUS]) {
      expect(Object.keys(locale.fans.genders).sort()).toEqual([...READER_GENDERS].sort());
      expect(Object.keys(locale.fans.ageBands).sort()).toEqual([...AGE_BANDS].sort());
      expect(Object.keys(locale.fans.devices).sort()).toEqual([...READER_DEVICES].sort());
      expect(Object.keys(locale.fans.sources).sort()).toEqual([...EVENT_SOURCES].sort());
    }
  });

  it('a region never sent or not of the list reads "unknown"; age bands keep their symbols as keys', () => {
    const t = i18n.getFixedT('zh-CN');
    expect(regionLabel('CN-GD', t)).toBe('广东');
    expect(regionLabel(null, t)).toBe('未知');
    expect(regionLabel('US-CA', t)).toBe('未知');
    expect(ageBandLabel('<18', t)).toBe('18 岁以下');
    expect(ageBandLabel('>50', i18n.getFixedT('en-US'))).toBe('Over 50');
  });
});

describe('portrait orderings', () => {
  it('ranks the provinces with most fans first, drops zeros, keeps n, breaks ties by code', () => {
    const region = [
      { key: 'CN-BJ', count: 5 },
      { key: 'CN-GD', count: 9 },
      { key: 'CN-AH', count: 5 },
      { key: 'CN-XZ', count: 0 },
    ];
    expect(topRegions(region).map((r) => r.key)).toEqual(['CN-GD', 'CN-AH', 'CN-BJ']);
    expect(topRegions(region, 2).map((r) => r.key)).toEqual(['CN-GD', 'CN-AH']);
  });

  it('orders age bands youngest first and unknown last, whatever the server’s order', () => {
    const bands = ['unknown', '>50', '18-24', '<18'].map((key) => ({ key, count: 1 }));
    expect(orderAgeBands(bands).map((b) => b.key)).toEqual(['<18', '18-24', '>50', 'unknown']);
  });

  it('a horizontal ranking puts the first item on top (ECharts draws categories bottom-up)', () => {
    const option = barOption(
      [
        { name: '广东', value: 9 },
        { name: '北京', value: 5 },
      ],
      '粉丝数',
      { horizontal: true },
    ) as { yAxis: { data: string[] }; series: { data: number[] }[] };
    expect(option.yAxis.data).toEqual(['北京', '广东']);
    expect(option.series[0]!.data).toEqual([5, 9]);
  });
});

describe('the fans chart', () => {
  const rows = [
    { date: '2026-03-01', gained: 10, lost: 4, net: 6, total: 106 },
    { date: '2026-03-02', gained: 3, lost: 5, net: -2, total: 104 },
  ];

  it('draws gained and lost as bars, net and total as lines, the total on its own axis', () => {
    const option = fansChartOption(rows, { gained: 'G', lost: 'L', net: 'N', total: 'T' }) as {
      series: { name: string; type: string; yAxisIndex?: number; data: number[] }[];
      xAxis: { data: string[] };
    };
    expect(option.xAxis.data).toEqual(['2026-03-01', '2026-03-02']);
    expect(option.series.map((s) => [s.name, s.type, s.yAxisIndex ?? 0])).toEqual([
      ['G', 'bar', 0],
      ['L', 'bar', 0],
      ['N', 'line', 0],
      ['T', 'line', 1],
    ]);
    expect(option.series[2]!.data).toEqual([6, -2]);
  });

  it('sums the period and keeps the total at its end', () => {
    expect(chartTotals(rows)).toEqual({ gained: 13, lost: 9, net: 4, total: 104 });
  });
});

describe('formatBytes', () => {
  it('writes bytes, then KB and MB with one decimal', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1.0 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});
