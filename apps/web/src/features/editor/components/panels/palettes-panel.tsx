import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PALETTES } from '@cc/canvas-engine';
import type { PanelProps } from './panel-props';

/** Colour matching (spec §2): palettes; a colour fills the selection, or the background when none. */
export function PalettesPanel({ state, run }: PanelProps) {
  const { t } = useTranslation();
  const pick = (color: string) =>
    state.selection.ids.length > 0
      ? void run('attr.set', { attrs: { fill: color } })
      : void run('document.setBackground', { background: { type: 'color', color } });
  return (
    <div className="cc-stack">
      <Typography.Text type="secondary" className="cc-hint">
        {t('editor.ui.palettes.hint')}
      </Typography.Text>
      {PALETTES.map((p) => (
        <div key={p.id} className="cc-palette">
          <span className="cc-palette-name">{t(p.labelKey)}</span>
          <div className="cc-palette-colors">
            {p.colors.map((c) => (
              <button
                key={c}
                type="button"
                style={{ background: c }}
                aria-label={`${t(p.labelKey)} ${c}`}
                onClick={() => pick(c)}
              />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
