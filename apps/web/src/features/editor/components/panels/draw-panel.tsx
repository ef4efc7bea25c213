import { useState } from 'react';
import { Button, ColorPicker, InputNumber, Slider, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PanelProps } from './panel-props';

/** Draw elements (spec §2): free drawing with a brush, polygons, lines. */
export function DrawPanel({ state, run }: PanelProps) {
  const { t } = useTranslation();
  const [color, setColor] = useState('#222222');
  const [width, setWidth] = useState(6);
  const [sides, setSides] = useState(5);
  const setDrawing = (on: boolean, c = color, w = width) =>
    void run('view.setDrawing', { on, color: c, width: w });
  return (
    <div className="cc-stack">
      <Button
        type={state.drawing ? 'primary' : 'default'}
        icon={<EditOutlined />}
        block
        aria-pressed={state.drawing}
        onClick={() => setDrawing(!state.drawing)}
      >
        {state.drawing ? t('editor.ui.draw.freeOn') : t('editor.ui.draw.free')}
      </Button>
      <Typography.Text type="secondary" className="cc-hint">
        {t('editor.ui.draw.hint')}
      </Typography.Text>
      <label className="cc-field">
        <span>{t('editor.ui.draw.color')}</span>
        <ColorPicker
          value={color}
          onChangeComplete={(c) => {
            const hex = c.toHexString();
            setColor(hex);
            if (state.drawing) setDrawing(true, hex);
          }}
        />
      </label>
      <label className="cc-field">
        <span>{t('editor.ui.draw.width')}</span>
        <Slider
          min={1}
          max={60}
          value={width}
          style={{ flex: 1 }}
          onChange={setWidth}
          onChangeComplete={(w) => state.drawing && setDrawing(true, color, w)}
        />
      </label>
      <Typography.Title level={5} className="cc-panel-title">
        {t('editor.ui.draw.polygon')}
      </Typography.Title>
      <div className="cc-field">
        <span>{t('editor.ui.draw.sides')}</span>
        <InputNumber min={3} max={12} value={sides} onChange={(v) => setSides(v ?? 5)} />
        <Button onClick={() => void run('insert.polygon', { sides })}>{t('editor.cmd.insertPolygon')}</Button>
      </div>
      <Button block onClick={() => void run('insert.line')}>
        {t('editor.ui.draw.line')}
      </Button>
    </div>
  );
}
