import { Button, Slider, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { layerTypeKey } from '../../lib/design-logic';
import type { PanelProps } from './panel-props';

/** Quick navigation (spec §2): zoom controls and a jump-to-layer list (selects and centres it in view). */
export function NavigationPanel({ editor, state, run }: PanelProps) {
  const { t } = useTranslation();
  const goTo = (id: string) => {
    editor.selectIds([id]);
    const o = editor.getObjectById(id);
    if (!o) return;
    const center = o.getCenterPoint();
    const z = editor.canvas.getZoom();
    const v = editor.canvas.viewportTransform;
    editor.pan(
      editor.canvas.getWidth() / 2 - (center.x * z + v[4]),
      editor.canvas.getHeight() / 2 - (center.y * z + v[5]),
    );
  };
  const percent = Math.round(state.zoom * 100);
  return (
    <div className="cc-stack">
      <Typography.Title level={5} className="cc-panel-title">
        {t('editor.ui.zoom', { percent })}
      </Typography.Title>
      <Slider
        min={5}
        max={400}
        value={percent}
        onChange={(p) => void run('view.zoomTo', { zoom: p / 100 })}
        aria-label={t('editor.cmd.zoomTo')}
      />
      <Space wrap>
        <Button onClick={() => void run('view.zoomToFit')}>{t('editor.ui.navigation.fit')}</Button>
        <Button onClick={() => void run('view.zoomTo', { zoom: 1 })}>
          {t('editor.ui.navigation.actual')}
        </Button>
      </Space>
      <Typography.Title level={5} className="cc-panel-title">
        {t('editor.ui.navigation.layers')}
      </Typography.Title>
      {state.layers.length === 0 ? (
        <Typography.Text type="secondary">{t('editor.ui.navigation.empty')}</Typography.Text>
      ) : (
        <ul className="cc-nav-list">
          {state.layers.map((l) => (
            <li key={l.id}>
              <button
                type="button"
                className={state.selection.ids.includes(l.id) ? 'is-active' : undefined}
                onClick={() => goTo(l.id)}
              >
                <span>{l.name || t(layerTypeKey(l.type))}</span>
                <span className="cc-muted">{t(layerTypeKey(l.type))}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
