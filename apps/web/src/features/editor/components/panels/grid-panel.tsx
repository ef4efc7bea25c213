import { InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PanelProps } from './panel-props';

/** Grid (issue #4): rulers, the grid overlay, snapping and the grid size (view settings, not history). */
export function GridPanel({
  state,
  run,
  rulers,
  onRulers,
}: PanelProps & { rulers: boolean; onRulers: (on: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <div className="cc-stack">
      <label className="cc-switch-row">
        <span>{t('editor.ui.grid.rulers')}</span>
        <Switch checked={rulers} onChange={onRulers} />
      </label>
      <label className="cc-switch-row">
        <span>{t('editor.ui.grid.show')}</span>
        <Switch checked={state.grid.visible} onChange={(visible) => void run('view.setGrid', { visible })} />
      </label>
      <label className="cc-switch-row">
        <span>{t('editor.ui.grid.snap')}</span>
        <Switch checked={state.grid.snap} onChange={(snap) => void run('view.setGrid', { snap })} />
      </label>
      <label className="cc-switch-row">
        <span>{t('editor.ui.grid.size')}</span>
        <InputNumber
          min={2}
          max={500}
          precision={0}
          value={state.grid.size}
          suffix="px"
          onChange={(size) => size && size >= 2 && size <= 500 && void run('view.setGrid', { size })}
        />
      </label>
    </div>
  );
}
