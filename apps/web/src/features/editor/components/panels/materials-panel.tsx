import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MATERIALS, type MaterialDefinition } from '@cc/canvas-engine';
import type { PanelProps } from './panel-props';

const CATEGORIES: MaterialDefinition['category'][] = ['vehicle', 'energy', 'road', 'badge', 'shape'];

/** Material (issue #4): the engine's shipped SVG library, inserted as SVG (sanitized by the engine). */
export function MaterialsPanel({ run }: PanelProps) {
  const { t } = useTranslation();
  return (
    <div>
      {CATEGORIES.map((cat) => {
        const items = MATERIALS.filter((m) => m.category === cat);
        if (items.length === 0) return null;
        return (
          <section key={cat}>
            <Typography.Title level={5} className="cc-panel-title">
              {t(`editor.ui.materials.categories.${cat}`)}
            </Typography.Title>
            <div className="cc-material-grid">
              {items.map((m) => (
                <button
                  key={m.id}
                  type="button"
                  className="cc-tile cc-material"
                  title={t(m.labelKey)}
                  aria-label={t(m.labelKey)}
                  onClick={() => void run('insert.svg', { svg: m.svg })}
                >
                  <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(m.svg)}`} alt="" />
                </button>
              ))}
            </div>
          </section>
        );
      })}
    </div>
  );
}
