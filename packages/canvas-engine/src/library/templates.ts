import { getSizePreset } from '../presets';
import { SCHEMA_VERSION, type Background, type ObjectData, type PosterDocument } from '../types';

/** A shipped template: a complete document for one preset size. */
export interface TemplateDefinition {
  id: string;
  /** i18n key of the template's name. */
  labelKey: string;
  /** Size preset id (`presets.ts`). */
  presetId: string;
  document: PosterDocument;
}

// Builders of document objects (fabric 7 serialization, centre origin). Ids are given on load.
type Extra = Record<string, unknown>;
const text = (
  name: string,
  value: string,
  left: number,
  top: number,
  fontSize: number,
  fill: string,
  extra: Extra = {},
): ObjectData => ({
  type: 'Textbox',
  id: '',
  name,
  text: value,
  left,
  top,
  width: 760,
  fontSize,
  fill,
  fontFamily: 'sans-serif',
  fontWeight: 'bold',
  textAlign: 'center',
  originX: 'center',
  originY: 'center',
  ...extra,
});
const rect = (
  name: string,
  left: number,
  top: number,
  width: number,
  height: number,
  fill: unknown,
  extra: Extra = {},
): ObjectData => ({
  type: 'Rect',
  id: '',
  name,
  left,
  top,
  width,
  height,
  fill,
  strokeWidth: 0,
  originX: 'center',
  originY: 'center',
  ...extra,
});
const circle = (
  name: string,
  left: number,
  top: number,
  radius: number,
  fill: string,
  extra: Extra = {},
): ObjectData => ({
  type: 'Circle',
  id: '',
  name,
  left,
  top,
  radius,
  fill,
  strokeWidth: 0,
  originX: 'center',
  originY: 'center',
  ...extra,
});
const line = (
  name: string,
  left: number,
  top: number,
  length: number,
  stroke: string,
  strokeWidth: number,
  extra: Extra = {},
): ObjectData => ({
  type: 'Line',
  id: '',
  name,
  x1: -length / 2,
  y1: 0,
  x2: length / 2,
  y2: 0,
  left,
  top,
  stroke,
  strokeWidth,
  originX: 'center',
  originY: 'center',
  ...extra,
});
const gradient = (angle: number, from: string, to: string): Background => ({
  type: 'gradient',
  angle,
  stops: [
    { offset: 0, color: from },
    { offset: 1, color: to },
  ],
});

function template(
  id: string,
  presetId: string,
  background: Background,
  objects: ObjectData[],
): TemplateDefinition {
  const { width, height } = getSizePreset(presetId);
  return {
    id,
    labelKey: `editor.template.${id}`,
    presetId,
    document: { schemaVersion: SCHEMA_VERSION, width, height, background, objects },
  };
}

/**
 * The shipped templates (issue #4: at least 12, for the preset sizes), car-media themed, built from
 * text, shapes and gradients only. Their text is sample content the author replaces.
 */
export const TEMPLATES: TemplateDefinition[] = [
  template('new-car-launch', 'xhs-vertical', gradient(90, '#0f172a', '#1e3a8a'), [
    rect('band', 450, 860, 900, 300, '#f59e0b', { angle: -8 }),
    text('kicker', 'NEW ARRIVAL', 450, 200, 40, '#93c5fd', { charSpacing: 400 }),
    text('title', '新车上市', 450, 330, 140, '#ffffff'),
    text('subtitle', '全新一代 · 首发实拍', 450, 480, 56, '#e2e8f0', { fontWeight: 'normal' }),
    text('price', '预售价 19.98 万起', 450, 860, 64, '#0f172a', { angle: -8 }),
  ]),
  template('test-drive', 'xhs-vertical', gradient(45, '#fef3c7', '#fca5a5'), [
    circle('sun', 700, 260, 160, '#f97316', { opacity: 0.85 }),
    text('title', '深度试驾', 450, 520, 150, '#7c2d12'),
    line('rule', 450, 640, 420, '#7c2d12', 8),
    text('points', '动力 · 操控 · 舒适 · 油耗', 450, 740, 52, '#7c2d12', { fontWeight: 'normal' }),
    rect('tag', 450, 1040, 520, 110, '#7c2d12', { rx: 55, ry: 55 }),
    text('tag-text', '3000 公里真实体验', 450, 1040, 48, '#ffffff'),
  ]),
  template('range-test', 'xhs-horizontal', gradient(0, '#064e3b', '#10b981'), [
    text('title', '冬季续航实测', 600, 220, 120, '#ecfdf5'),
    rect('bar-bg', 600, 480, 900, 70, '#065f46', { rx: 35, ry: 35 }),
    rect('bar', 420, 480, 540, 70, '#a7f3d0', { rx: 35, ry: 35 }),
    text('value', '达成率 62%', 600, 620, 72, '#ffffff'),
    text('note', '-10℃ · 高速 120 km/h · 空调 22℃', 600, 760, 40, '#d1fae5', {
      fontWeight: 'normal',
      width: 1000,
    }),
  ]),
  template('comparison', 'xhs-horizontal', { type: 'color', color: '#f8fafc' }, [
    rect('left', 300, 450, 600, 900, '#1d4ed8'),
    rect('right', 900, 450, 600, 900, '#dc2626'),
    circle('vs-badge', 600, 450, 110, '#ffffff'),
    text('vs', 'VS', 600, 450, 96, '#0f172a', { width: 200 }),
    text('car-a', '车型 A', 300, 220, 80, '#ffffff', { width: 500 }),
    text('car-b', '车型 B', 900, 220, 80, '#ffffff', { width: 500 }),
    text('question', '同价位怎么选？', 600, 780, 64, '#ffffff', { width: 1000 }),
  ]),
  template('recall-notice', 'cover-4x3', { type: 'color', color: '#fff7ed' }, [
    rect('stripe-top', 600, 60, 1200, 120, '#b91c1c'),
    text('label', '召回公告', 600, 60, 64, '#ffffff'),
    polygonWarning(600, 380),
    text('title', '某品牌召回 12,345 辆', 600, 620, 76, '#7f1d1d', { width: 1100 }),
    text('detail', '原因：制动软管可能磨损 · 免费检修', 600, 740, 40, '#7f1d1d', {
      fontWeight: 'normal',
      width: 1100,
    }),
  ]),
  template('price-drop', 'xhs-vertical', gradient(90, '#fde047', '#f97316'), [
    text('title', '官降', 450, 300, 220, '#7c2d12'),
    text('amount', '直降 3 万', 450, 560, 120, '#ffffff', { stroke: '#7c2d12', strokeWidth: 4 }),
    rect('card', 450, 900, 760, 300, '#ffffff', { rx: 32, ry: 32, opacity: 0.9 }),
    text('detail', '限时置换补贴 + 0 首付\n活动截止本月底', 450, 900, 48, '#7c2d12', {
      fontWeight: 'normal',
      width: 680,
    }),
  ]),
  template('charging-guide', 'phone-wallpaper', gradient(90, '#082f49', '#0ea5e9'), [
    circle('halo', 540, 760, 300, '#38bdf8', { opacity: 0.35 }),
    circle('core', 540, 760, 180, '#e0f2fe'),
    text('bolt', '⚡', 540, 760, 200, '#0369a1', { width: 300 }),
    text('title', '充电避坑指南', 540, 1240, 110, '#ffffff', { width: 960 }),
    text('subtitle', '快充 · 慢充 · 电池保养', 540, 1400, 56, '#bae6fd', {
      fontWeight: 'normal',
      width: 960,
    }),
  ]),
  template('road-trip', 'phone-wallpaper', gradient(90, '#fb923c', '#7c3aed'), [
    circle('sun', 540, 700, 260, '#fde68a'),
    rect('road', 540, 1500, 1080, 840, '#1f2937'),
    rect('lane-1', 540, 1300, 24, 160, '#fde68a'),
    rect('lane-2', 540, 1560, 24, 200, '#fde68a'),
    rect('lane-3', 540, 1850, 24, 240, '#fde68a'),
    text('title', '自驾去远方', 540, 300, 130, '#ffffff', { width: 960 }),
  ]),
  template('auto-show', 'cover-3x4', gradient(135, '#111827', '#4b5563'), [
    rect('frame', 450, 600, 780, 1080, 'rgba(0,0,0,0)', { stroke: '#d4af37', strokeWidth: 6 }),
    text('year', '2026', 450, 260, 160, '#d4af37'),
    text('title', '车展探馆', 450, 480, 120, '#ffffff'),
    text('subtitle', '重磅新车一网打尽', 450, 640, 52, '#e5e7eb', { fontWeight: 'normal' }),
    line('rule', 450, 760, 360, '#d4af37', 4),
  ]),
  template('maintenance-tips', 'cover-4x3', { type: 'color', color: '#ecfeff' }, [
    rect('side', 200, 450, 400, 900, '#155e75'),
    text('number', '5', 200, 400, 300, '#ecfeff', { width: 300 }),
    text('unit', '个保养误区', 200, 640, 48, '#ecfeff', { width: 360 }),
    text('title', '别再花冤枉钱', 800, 380, 88, '#155e75', { width: 700 }),
    text('detail', '机油 · 轮胎 · 刹车片 · 空调滤芯', 800, 520, 40, '#0e7490', {
      fontWeight: 'normal',
      width: 700,
    }),
  ]),
  template('owner-review', 'xhs-vertical', { type: 'color', color: '#fdf2f8' }, [
    rect('quote-card', 450, 620, 780, 760, '#ffffff', {
      rx: 40,
      ry: 40,
      shadow: { color: 'rgba(0,0,0,0.15)', blur: 30, offsetX: 0, offsetY: 12 },
    }),
    text('quote', '“', 200, 330, 200, '#db2777', { width: 200 }),
    text('title', '提车半年\n真实车主说', 450, 560, 96, '#831843', { width: 680 }),
    text('detail', '优点 3 个 · 槽点 2 个', 450, 820, 48, '#9d174d', { fontWeight: 'normal', width: 680 }),
    text('footer', '#车主口碑', 450, 1110, 44, '#db2777', { fontWeight: 'normal' }),
  ]),
  template('ranking', 'cover-3x4', gradient(90, '#312e81', '#6d28d9'), [
    text('title', '月度销量榜', 450, 180, 100, '#ffffff'),
    ...[0, 1, 2, 3, 4].map((i) =>
      rect(`row-${i + 1}`, 450, 380 + i * 160, 760, 120, i === 0 ? '#fbbf24' : 'rgba(255,255,255,0.15)', {
        rx: 20,
        ry: 20,
      }),
    ),
    ...[0, 1, 2, 3, 4].map((i) =>
      text(`rank-${i + 1}`, `TOP ${i + 1}`, 450, 380 + i * 160, 52, i === 0 ? '#312e81' : '#ffffff', {
        width: 700,
      }),
    ),
  ]),
  template('night-drive', 'phone-wallpaper', gradient(90, '#020617', '#1e1b4b'), [
    circle('moon', 800, 360, 120, '#f1f5f9'),
    circle('moon-cut', 850, 330, 110, '#0b1030'),
    rect('skyline', 540, 1640, 1080, 560, '#0f172a'),
    line('light-trail-1', 540, 1500, 1080, '#f43f5e', 6, { opacity: 0.8 }),
    line('light-trail-2', 540, 1540, 1080, '#facc15', 6, { opacity: 0.8 }),
    text('title', 'NIGHT DRIVE', 540, 1000, 110, '#e0e7ff', { width: 1000, charSpacing: 200 }),
  ]),
];

function polygonWarning(left: number, top: number): ObjectData {
  return {
    type: 'Triangle',
    id: '',
    name: 'warning',
    left,
    top,
    width: 260,
    height: 230,
    fill: '#f59e0b',
    stroke: '#7f1d1d',
    strokeWidth: 10,
    originX: 'center',
    originY: 'center',
  };
}

/** The template with this id. @throws Error when unknown. */
export function getTemplate(id: string): TemplateDefinition {
  const t = TEMPLATES.find((x) => x.id === id);
  if (!t) throw new Error(`unknown template ${id}`);
  return t;
}
