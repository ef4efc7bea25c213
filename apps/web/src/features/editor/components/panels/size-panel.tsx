import { useState } from 'react';
import { Button, InputNumber, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SIZE_PRESETS } from '@cc/canvas-engine';
import { DESIGN_SIDE_MAX, DESIGN_SIDE_MIN } from '@cc/contracts';
import type { PanelProps } from './panel-props';

/** Size (issue #4): the presets and a custom size (16–8000 pixels, the save rule). */
export function SizePanel({ state, run }: PanelProps) {
  const { t } = useTranslation();
  const [w, setW] = useState<number | null>(state.size.width);
  const [h, setH] = useState<number | null>(state.size.height);
  const valid = (v: number | null): v is number =>
    v !== null && Number.isInteger(v) && v >= DESIGN_SIDE_MIN && v <= DESIGN_SIDE_MAX;
  return (
    <div className="cc-stack">
      <Typography.Title level={5} className="cc-panel-title">
        {t('editor.ui.size.presets')}
      </Typography.Title>
      {SIZE_PRESETS.map((p) => {
        const active = p.width === state.size.width && p.height === state.size.height;
        return (
          <button
            key={p.id}
            type="button"
            className={`cc-size-row${active ? ' is-active' : ''}`}
            aria-pressed={active}
            onClick={async () => {
              if (await run('document.setSize', { preset: p.id })) {
                setW(p.width);
                setH(p.height);
              }
            }}
          >
            <span
              className="cc-size-shape"
              style={{
                aspectRatio: `${p.width} / ${p.height}`,
                height: p.height >= p.width ? 28 : undefined,
                width: p.width > p.height ? 28 : undefined,
              }}
            />
            <span className="cc-size-name">{t(p.labelKey)}</span>
            <span className="cc-size-px cc-tabular">
              {p.width}×{p.height}
            </span>
          </button>
        );
      })}
      <Typography.Title level={5} className="cc-panel-title">
        {t('editor.ui.size.custom')}
      </Typography.Title>
      <div className="cc-pair">
        <InputNumber
          aria-label={t('editor.ui.size.width')}
          prefix={t('editor.ui.size.width')}
          min={DESIGN_SIDE_MIN}
          max={DESIGN_SIDE_MAX}
          precision={0}
          value={w}
          onChange={setW}
        />
        <InputNumber
          aria-label={t('editor.ui.size.height')}
          prefix={t('editor.ui.size.height')}
          min={DESIGN_SIDE_MIN}
          max={DESIGN_SIDE_MAX}
          precision={0}
          value={h}
          onChange={setH}
        />
      </div>
      <Typography.Text type="secondary" className="cc-hint">
        {t('editor.ui.size.range', { min: DESIGN_SIDE_MIN, max: DESIGN_SIDE_MAX })}
      </Typography.Text>
      <Button
        type="primary"
        block
        disabled={!valid(w) || !valid(h)}
        onClick={() => valid(w) && valid(h) && void run('document.setSize', { width: w, height: h })}
      >
        {t('editor.ui.size.apply')}
      </Button>
    </div>
  );
}
