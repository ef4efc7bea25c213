import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PanelProps } from './panel-props';

/** Common elements (spec §2): text styles, shapes, lines and arrows. */
export function ElementsPanel({ run }: PanelProps) {
  const { t } = useTranslation();
  const texts = [
    { key: 'heading', sample: t('editor.ui.elements.headingSample'), fontSize: 96, fontWeight: 'bold' },
    { key: 'subheading', sample: t('editor.ui.elements.subheadingSample'), fontSize: 56, fontWeight: 'bold' },
    { key: 'body', sample: t('editor.ui.elements.bodySample'), fontSize: 36, fontWeight: 'normal' },
  ] as const;
  const shapes: { key: string; id: string; args?: unknown; icon: string }[] = [
    { key: 'rect', id: 'insert.rect', args: { fill: '#2468F2' }, icon: '▬' },
    { key: 'roundRect', id: 'insert.rect', args: { rx: 24, fill: '#22c55e' }, icon: '▢' },
    { key: 'circle', id: 'insert.circle', args: { fill: '#f59e0b' }, icon: '●' },
    { key: 'triangle', id: 'insert.triangle', icon: '▲' },
    { key: 'pentagon', id: 'insert.polygon', args: { sides: 5 }, icon: '⬟' },
    { key: 'hexagon', id: 'insert.polygon', args: { sides: 6 }, icon: '⬢' },
  ];
  const lines = [
    { key: 'line', id: 'insert.line', icon: '─' },
    { key: 'arrow', id: 'insert.arrow', icon: '→' },
  ];
  return (
    <div>
      <Typography.Title level={5} className="cc-panel-title">
        {t('editor.ui.elements.text')}
      </Typography.Title>
      <div className="cc-stack">
        {texts.map((x) => (
          <Button
            key={x.key}
            block
            className={`cc-text-style cc-text-${x.key}`}
            onClick={async () => {
              const ok = await run('insert.text', { text: x.sample, fontSize: x.fontSize });
              if (ok && x.fontWeight === 'bold') await run('attr.set', { attrs: { fontWeight: 'bold' } });
            }}
          >
            {t(`editor.ui.elements.${x.key}`)}
          </Button>
        ))}
      </div>
      <Typography.Title level={5} className="cc-panel-title">
        {t('editor.ui.elements.shapes')}
      </Typography.Title>
      <div className="cc-tile-grid">
        {shapes.map((s) => (
          <button
            key={s.key}
            type="button"
            className="cc-tile cc-icon-tile"
            onClick={() => void run(s.id, s.args)}
          >
            <span aria-hidden className="cc-tile-icon">
              {s.icon}
            </span>
            <span>{t(`editor.ui.elements.${s.key}`)}</span>
          </button>
        ))}
      </div>
      <Typography.Title level={5} className="cc-panel-title">
        {t('editor.ui.elements.lines')}
      </Typography.Title>
      <div className="cc-tile-grid">
        {lines.map((s) => (
          <button key={s.key} type="button" className="cc-tile cc-icon-tile" onClick={() => void run(s.id)}>
            <span aria-hidden className="cc-tile-icon">
              {s.icon}
            </span>
            <span>{t(`editor.ui.elements.${s.key}`)}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
