import { App, Button, ColorPicker, InputNumber, Select, Slider, Switch, Tooltip, Typography } from 'antd';
import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  BoldOutlined,
  CopyOutlined,
  DeleteOutlined,
  ItalicOutlined,
  LockOutlined,
  MenuOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Editor, EditorState, FilterData, ShadowData } from '@cc/canvas-engine';
import { loadSlicesForText } from '../lib/cjk-fonts';
import { SHIPPED_FONTS, SYSTEM_FONT_CHOICES } from '../lib/fonts';

interface Props {
  editor: Editor;
  state: EditorState;
  run: (id: string, args?: unknown) => Promise<boolean>;
}

const isTextType = (type: string) => /text/i.test(type);
const isImageType = (type: string) => /image/i.test(type);

/** Value filters: fabric option name and slider range. */
const VALUE_FILTERS: { type: FilterData['type']; option: string; min: number; max: number; step: number }[] =
  [
    { type: 'Brightness', option: 'brightness', min: -1, max: 1, step: 0.05 },
    { type: 'Contrast', option: 'contrast', min: -1, max: 1, step: 0.05 },
    { type: 'Saturation', option: 'saturation', min: -1, max: 1, step: 0.05 },
    { type: 'Blur', option: 'blur', min: 0, max: 1, step: 0.02 },
    { type: 'HueRotation', option: 'rotation', min: -1, max: 1, step: 0.05 },
  ];
const TOGGLE_FILTERS: FilterData['type'][] = ['Grayscale', 'Sepia', 'Invert'];

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="cc-attr-row">
      <span className="cc-attr-label">{label}</span>
      <div className="cc-attr-control">{children}</div>
    </div>
  );
}

const colorOf = (v: unknown, fallback: string) => (typeof v === 'string' && v ? v : fallback);
const num = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? Math.round(v * 100) / 100 : null;

/**
 * Element attributes for the selection (spec §3 "editor element attributes"): font, align, bold,
 * italic, underline, stroke, swipe-up (overline), line height, character spacing, appearance, rotation,
 * X, Y, opacity, shadow, blur and picture filters; plus quick actions, flip and alignment. Values shown
 * are the ones every selected element shares. Continuous edits pass a coalesceKey (one undo step).
 */
export function AttributesPanel({ editor, state, run }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const sel = state.selection;
  const a = sel.attributes;
  if (sel.ids.length === 0) {
    return (
      <div className="cc-attrs">
        <Typography.Text type="secondary">{t('editor.ui.attrs.none')}</Typography.Text>
      </div>
    );
  }
  const set = (attrs: Record<string, unknown>, key?: string) =>
    void run('attr.set', { attrs, coalesceKey: key ? `attr:${key}` : undefined });
  const hasText = sel.types.some(isTextType);
  const hasImage = sel.types.some(isImageType);
  const shadow = (a.shadow as ShadowData | null | undefined) ?? null;
  const filters = (a.filters as FilterData[] | undefined) ?? [];
  const filterValue = (type: FilterData['type'], option: string) => {
    const f = filters.find((x) => x.type === type);
    return f ? Number(f[option] ?? 0) : 0;
  };
  const family = typeof a.fontFamily === 'string' ? a.fontFamily : undefined;
  const fontStatus = family ? state.fonts[family] : undefined;

  const changeFont = async (value: string) => {
    const key = 'cc-font';
    const shipped = SHIPPED_FONTS.some((f) => f.family === value);
    if (shipped && state.fonts[value] !== 'loaded')
      void message.open({ key, type: 'loading', content: t('editor.msg.fontLoading'), duration: 0 });
    // The CJK slices for the selected text first, so the text is measured with every glyph.
    const text = editor
      .getSelectedObjects()
      .map((o) => (o as unknown as { text?: unknown }).text)
      .filter((x): x is string => typeof x === 'string')
      .join('');
    await loadSlicesForText(value, text).catch(() => undefined);
    await run('attr.set', { attrs: { fontFamily: value } });
    if (editor.getState().fonts[value] === 'failed')
      void message.open({ key, type: 'error', content: t('editor.msg.fontFailed') });
    else message.destroy(key);
  };

  const canAlign = sel.ids.length >= 2;
  const canDistribute = sel.ids.length >= 3;
  const locked = a.locked === true;

  return (
    <div className="cc-attrs" data-testid="attributes-panel">
      {sel.ids.length > 1 ? (
        <Typography.Text type="secondary">
          {t('editor.ui.attrs.multiple', { count: sel.ids.length })}
        </Typography.Text>
      ) : null}
      <section className="cc-attr-section">
        <h4>{t('editor.ui.attrs.quick')}</h4>
        <div className="cc-btn-row">
          <Tooltip title={t('editor.cmd.duplicate')}>
            <Button
              aria-label={t('editor.cmd.duplicate')}
              icon={<CopyOutlined />}
              onClick={() => void run('edit.duplicate')}
            />
          </Tooltip>
          <Tooltip title={locked ? t('editor.cmd.unlock') : t('editor.cmd.lock')}>
            <Button
              aria-label={locked ? t('editor.cmd.unlock') : t('editor.cmd.lock')}
              aria-pressed={locked}
              icon={locked ? <LockOutlined /> : <UnlockOutlined />}
              onClick={() => void run('object.toggleLock')}
            />
          </Tooltip>
          <Tooltip title={t('editor.cmd.delete')}>
            <Button
              aria-label={t('editor.cmd.delete')}
              danger
              icon={<DeleteOutlined />}
              onClick={() => void run('edit.delete')}
            />
          </Tooltip>
          <Button onClick={() => void run('object.flipX')}>{t('editor.cmd.flipX')}</Button>
          <Button onClick={() => void run('object.flipY')}>{t('editor.cmd.flipY')}</Button>
        </div>
        <h4>{t('editor.ui.attrs.position')}</h4>
        <div className="cc-btn-row">
          <Button size="small" onClick={() => void run('position.centerH')}>
            {t('editor.cmd.centerH')}
          </Button>
          <Button size="small" onClick={() => void run('position.centerV')}>
            {t('editor.cmd.centerV')}
          </Button>
          <Button size="small" onClick={() => void run('position.center')}>
            {t('editor.cmd.center')}
          </Button>
        </div>
        {canAlign ? (
          <>
            <h4>{t('editor.ui.attrs.alignGroup')}</h4>
            <div className="cc-btn-row">
              {(['left', 'centerH', 'right', 'top', 'bottom', 'centerV'] as const).map((edge) => (
                <Button key={edge} size="small" onClick={() => void run(`align.${edge}`)}>
                  {t(`editor.cmd.align${edge[0]!.toUpperCase()}${edge.slice(1)}`)}
                </Button>
              ))}
              <Button size="small" disabled={!canDistribute} onClick={() => void run('align.distributeH')}>
                {t('editor.cmd.distributeH')}
              </Button>
              <Button size="small" disabled={!canDistribute} onClick={() => void run('align.distributeV')}>
                {t('editor.cmd.distributeV')}
              </Button>
            </div>
          </>
        ) : null}
      </section>

      {hasText ? (
        <section className="cc-attr-section">
          <Row label={t('editor.ui.attrs.font')}>
            <Select
              aria-label={t('editor.ui.attrs.font')}
              data-testid="font-select"
              style={{ width: '100%' }}
              value={family}
              onChange={(v) => void changeFont(v)}
              options={[
                ...SHIPPED_FONTS.map((f) => ({
                  value: f.family,
                  label: (
                    <span style={{ fontFamily: state.fonts[f.family] === 'loaded' ? f.family : undefined }}>
                      {f.family}
                    </span>
                  ),
                })),
                ...SYSTEM_FONT_CHOICES.map((f) => ({ value: f, label: f })),
              ]}
            />
          </Row>
          {fontStatus === 'loading' ? (
            <Typography.Text type="secondary" role="status">
              {t('editor.msg.fontLoading')}
            </Typography.Text>
          ) : fontStatus === 'failed' ? (
            <Typography.Text type="danger" role="alert">
              {t('editor.msg.fontFailed')}{' '}
              <Button size="small" type="link" onClick={() => family && void changeFont(family)}>
                {t('common.retry')}
              </Button>
            </Typography.Text>
          ) : null}
          <Row label={t('editor.ui.attrs.fontSize')}>
            <InputNumber
              aria-label={t('editor.ui.attrs.fontSize')}
              min={4}
              max={2000}
              value={num(a.fontSize)}
              onChange={(v) => v && set({ fontSize: v }, 'fontSize')}
            />
          </Row>
          <Row label={t('editor.ui.attrs.align')}>
            <div className="cc-btn-row">
              {(
                [
                  ['left', <AlignLeftOutlined key="l" />, 'alignLeft'],
                  ['center', <AlignCenterOutlined key="c" />, 'alignCenter'],
                  ['right', <AlignRightOutlined key="r" />, 'alignRight'],
                  ['justify', <MenuOutlined key="j" />, 'alignJustify'],
                ] as const
              ).map(([value, icon, label]) => (
                <Tooltip key={value} title={t(`editor.ui.attrs.${label}`)}>
                  <Button
                    aria-label={t(`editor.ui.attrs.${label}`)}
                    aria-pressed={a.textAlign === value}
                    type={a.textAlign === value ? 'primary' : 'default'}
                    icon={icon}
                    onClick={() => set({ textAlign: value })}
                  />
                </Tooltip>
              ))}
            </div>
          </Row>
          <Row label={t('editor.ui.attrs.style')}>
            <div className="cc-btn-row">
              {(
                [
                  [
                    'attr.toggleBold',
                    <BoldOutlined key="b" />,
                    'bold',
                    a.fontWeight === 'bold' || a.fontWeight === 700,
                  ],
                  ['attr.toggleItalic', <ItalicOutlined key="i" />, 'italic', a.fontStyle === 'italic'],
                  ['attr.toggleUnderline', <UnderlineOutlined key="u" />, 'underline', a.underline === true],
                  [
                    'attr.toggleOverline',
                    <span key="o" className="cc-overline">
                      O
                    </span>,
                    'overline',
                    a.overline === true,
                  ],
                  [
                    'attr.toggleLinethrough',
                    <StrikethroughOutlined key="s" />,
                    'linethrough',
                    a.linethrough === true,
                  ],
                ] as const
              ).map(([id, icon, label, on]) => (
                <Tooltip key={id} title={t(`editor.ui.attrs.${label}`)}>
                  <Button
                    aria-label={t(`editor.ui.attrs.${label}`)}
                    aria-pressed={on}
                    type={on ? 'primary' : 'default'}
                    icon={icon}
                    onClick={() => void run(id)}
                  />
                </Tooltip>
              ))}
            </div>
          </Row>
          <Row label={t('editor.ui.attrs.lineHeight')}>
            <InputNumber
              aria-label={t('editor.ui.attrs.lineHeight')}
              min={0.5}
              max={5}
              step={0.1}
              value={num(a.lineHeight)}
              onChange={(v) => v && set({ lineHeight: v }, 'lineHeight')}
            />
          </Row>
          <Row label={t('editor.ui.attrs.charSpacing')}>
            <InputNumber
              aria-label={t('editor.ui.attrs.charSpacing')}
              min={-200}
              max={2000}
              step={10}
              value={num(a.charSpacing)}
              onChange={(v) => v !== null && set({ charSpacing: v }, 'charSpacing')}
            />
          </Row>
        </section>
      ) : null}

      <section className="cc-attr-section">
        <h4>{t('editor.ui.attrs.appearance')}</h4>
        <Row label={t('editor.ui.attrs.fill')}>
          <ColorPicker
            aria-label={t('editor.ui.attrs.fill')}
            showText
            allowClear
            value={colorOf(a.fill, '#000000')}
            onChange={(c) => set({ fill: c.toHexString() }, 'fill')}
          />
        </Row>
        <Row label={t('editor.ui.attrs.stroke')}>
          <ColorPicker
            showText
            allowClear
            value={colorOf(a.stroke, '#000000')}
            onChange={(c) => set({ stroke: c.toHexString() }, 'stroke')}
          />
        </Row>
        <Row label={t('editor.ui.attrs.strokeWidth')}>
          <InputNumber
            aria-label={t('editor.ui.attrs.strokeWidth')}
            min={0}
            max={200}
            value={num(a.strokeWidth)}
            onChange={(v) => v !== null && set({ strokeWidth: v }, 'strokeWidth')}
          />
        </Row>
        <Row label={t('editor.ui.attrs.angle')}>
          <InputNumber
            aria-label={t('editor.ui.attrs.angle')}
            min={-360}
            max={360}
            suffix="°"
            value={num(a.angle)}
            onChange={(v) => v !== null && set({ angle: v }, 'angle')}
          />
        </Row>
        <Row label={`${t('editor.ui.attrs.left')} / ${t('editor.ui.attrs.top')}`}>
          <div className="cc-pair">
            <InputNumber
              aria-label={t('editor.ui.attrs.left')}
              prefix="X"
              value={num(a.left)}
              onChange={(v) => v !== null && set({ left: v }, 'left')}
            />
            <InputNumber
              aria-label={t('editor.ui.attrs.top')}
              prefix="Y"
              value={num(a.top)}
              onChange={(v) => v !== null && set({ top: v }, 'top')}
            />
          </div>
        </Row>
        <Row label={t('editor.ui.attrs.opacity')}>
          <Slider
            aria-label={t('editor.ui.attrs.opacity')}
            min={0}
            max={1}
            step={0.01}
            value={num(a.opacity) ?? 1}
            onChange={(v) => set({ opacity: v }, 'opacity')}
          />
        </Row>
        <Row label={t('editor.ui.attrs.blur')}>
          <Slider min={0} max={40} value={num(a.blur) ?? 0} onChange={(v) => set({ blur: v }, 'blur')} />
        </Row>
      </section>

      <section className="cc-attr-section">
        <Row label={t('editor.ui.attrs.shadow')}>
          <Switch
            aria-label={t('editor.ui.attrs.shadow')}
            checked={!!shadow}
            onChange={(on) => set({ shadow: on ? {} : null })}
          />
        </Row>
        {shadow ? (
          <>
            <Row label={t('editor.ui.attrs.shadowColor')}>
              <ColorPicker
                value={shadow.color}
                onChange={(c) => set({ shadow: { color: c.toRgbString() } }, 'shadowColor')}
              />
            </Row>
            <Row label={t('editor.ui.attrs.shadowBlur')}>
              <Slider
                min={0}
                max={100}
                value={shadow.blur}
                onChange={(v) => set({ shadow: { blur: v } }, 'shadowBlur')}
              />
            </Row>
            <Row label={t('editor.ui.attrs.shadowX')}>
              <InputNumber
                value={shadow.offsetX}
                onChange={(v) => v !== null && set({ shadow: { offsetX: v } }, 'shadowX')}
              />
            </Row>
            <Row label={t('editor.ui.attrs.shadowY')}>
              <InputNumber
                value={shadow.offsetY}
                onChange={(v) => v !== null && set({ shadow: { offsetY: v } }, 'shadowY')}
              />
            </Row>
          </>
        ) : null}
      </section>

      {hasImage ? (
        <section className="cc-attr-section" data-testid="filters">
          <h4>{t('editor.ui.attrs.filters')}</h4>
          <div className="cc-btn-row">
            {TOGGLE_FILTERS.map((type) => {
              const on = filters.some((f) => f.type === type);
              return (
                <Button
                  key={type}
                  size="small"
                  type={on ? 'primary' : 'default'}
                  aria-pressed={on}
                  onClick={() => void run('filter.set', { type, options: on ? null : {} })}
                >
                  {t(`editor.ui.attrs.filter.${type}`)}
                </Button>
              );
            })}
          </div>
          {VALUE_FILTERS.map((f) => (
            <Row key={f.type} label={t(`editor.ui.attrs.filter.${f.type}`)}>
              <Slider
                aria-label={t(`editor.ui.attrs.filter.${f.type}`)}
                min={f.min}
                max={f.max}
                step={f.step}
                value={filterValue(f.type, f.option)}
                onChange={(v) =>
                  void run('filter.set', {
                    type: f.type,
                    options: v === 0 ? null : { [f.option]: v },
                    coalesceKey: `filter:${f.type}`,
                  })
                }
              />
            </Row>
          ))}
          <Button size="small" onClick={() => void run('filter.clear')}>
            {t('editor.cmd.clearFilters')}
          </Button>
        </section>
      ) : null}
    </div>
  );
}
