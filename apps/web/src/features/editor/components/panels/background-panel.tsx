import { useState } from 'react';
import { App, Button, ColorPicker, Segmented, Slider, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Background } from '@cc/canvas-engine';
import { EDITOR_THUMBNAIL_WIDTH, imageUrlAtSize } from '@cc/contracts';
import type { PanelProps } from './panel-props';
import { MyImagesGrid } from './my-images-grid';

type Mode = 'color' | 'gradient' | 'image';

const SWATCHES = [
  '#ffffff',
  '#f4f6fa',
  '#111827',
  '#2468F2',
  '#dc2626',
  '#f59e0b',
  '#16a34a',
  '#7c3aed',
  '#fce7f3',
  '#0ea5e9',
];

/** Background (issue #4): colour, linear gradient or image (请选择背景图片 when none is chosen). */
export function BackgroundPanel({ state, run }: PanelProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const bg = state.background;
  const [mode, setMode] = useState<Mode>(
    bg.type === 'gradient' ? 'gradient' : bg.type === 'image' ? 'image' : 'color',
  );
  const [from, setFrom] = useState(bg.type === 'gradient' ? bg.stops[0]!.color : '#2468F2');
  const [to, setTo] = useState(bg.type === 'gradient' ? bg.stops[bg.stops.length - 1]!.color : '#7c3aed');
  const [angle, setAngle] = useState(bg.type === 'gradient' ? bg.angle : 90);
  const set = (background: Background) => void run('document.setBackground', { background });
  const gradient = (a = angle, f = from, tt = to): Background => ({
    type: 'gradient',
    angle: a,
    stops: [
      { offset: 0, color: f },
      { offset: 1, color: tt },
    ],
  });
  return (
    <div className="cc-stack">
      <Segmented<Mode>
        block
        value={mode}
        onChange={setMode}
        options={[
          { value: 'color', label: t('editor.ui.background.color') },
          { value: 'gradient', label: t('editor.ui.background.gradient') },
          { value: 'image', label: t('editor.ui.background.image') },
        ]}
      />
      {mode === 'color' ? (
        <>
          <div className="cc-swatches">
            {SWATCHES.map((c) => (
              <button
                key={c}
                type="button"
                className="cc-swatch"
                style={{ background: c }}
                aria-label={c}
                aria-pressed={bg.type === 'color' && bg.color.toLowerCase() === c.toLowerCase()}
                onClick={() => set({ type: 'color', color: c })}
              />
            ))}
          </div>
          <label className="cc-field">
            <span>{t('editor.ui.background.color')}</span>
            <ColorPicker
              showText
              value={bg.type === 'color' ? bg.color : '#ffffff'}
              onChangeComplete={(c) => set({ type: 'color', color: c.toHexString() })}
            />
          </label>
        </>
      ) : mode === 'gradient' ? (
        <>
          <div
            className="cc-gradient-preview"
            style={{ background: `linear-gradient(${angle + 90}deg, ${from}, ${to})` }}
          />
          <label className="cc-field">
            <span>{t('editor.ui.background.from')}</span>
            <ColorPicker
              value={from}
              onChangeComplete={(c) => {
                setFrom(c.toHexString());
                set(gradient(angle, c.toHexString(), to));
              }}
            />
            <span>{t('editor.ui.background.to')}</span>
            <ColorPicker
              value={to}
              onChangeComplete={(c) => {
                setTo(c.toHexString());
                set(gradient(angle, from, c.toHexString()));
              }}
            />
          </label>
          <label className="cc-field">
            <span>{t('editor.ui.background.angle')}</span>
            <Slider
              style={{ flex: 1 }}
              min={0}
              max={360}
              value={angle}
              onChange={setAngle}
              onChangeComplete={(a) => set(gradient(a))}
            />
          </label>
          <Button type="primary" block onClick={() => set(gradient())}>
            {t('editor.ui.background.apply')}
          </Button>
        </>
      ) : (
        <>
          {bg.type === 'image' ? (
            <div className="cc-stack">
              <Typography.Text type="secondary">{t('editor.ui.background.current')}</Typography.Text>
              <img className="cc-bg-current" src={imageUrlAtSize(bg.url, EDITOR_THUMBNAIL_WIDTH, 0)} alt="" />
            </div>
          ) : (
            <Typography.Text type="warning" role="status" data-testid="bg-image-empty">
              {t('editor.msg.chooseBackgroundImage')}
            </Typography.Text>
          )}
          <MyImagesGrid
            pickLabel={t('editor.ui.background.chooseImage')}
            onPick={(url) => {
              if (!url) return void message.warning(t('editor.msg.chooseBackgroundImage'));
              set({ type: 'image', url });
            }}
          />
        </>
      )}
    </div>
  );
}
