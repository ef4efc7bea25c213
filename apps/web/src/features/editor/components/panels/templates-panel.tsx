import { useState } from 'react';
import { Modal, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TEMPLATES, type TemplateDefinition } from '@cc/canvas-engine';
import { templatesForSize } from '../../lib/design-logic';
import type { PanelProps } from './panel-props';

/** A template's preview: its background and a few blocks drawn with CSS (no canvas needed). */
function TemplateThumb({ template }: { template: TemplateDefinition }) {
  const { t } = useTranslation();
  const { width, height, background } = template.document;
  const bg =
    background.type === 'color'
      ? background.color
      : background.type === 'gradient'
        ? `linear-gradient(${background.angle + 90}deg, ${background.stops.map((s) => `${s.color} ${s.offset * 100}%`).join(', ')})`
        : '#e5e7eb';
  const texts = template.document.objects.filter((o) => o.type === 'Textbox').slice(0, 2);
  return (
    <span className="cc-tpl-thumb" style={{ aspectRatio: `${width} / ${height}`, background: bg }}>
      {texts.map((o) => (
        <span
          key={String(o.name)}
          className="cc-tpl-text"
          style={{ color: String(o.fill ?? '#fff'), top: `${(Number(o.top) / height) * 100}%` }}
        >
          {String(o.text ?? '').split('\n')[0]}
        </span>
      ))}
      <span className="cc-tpl-name">{t(template.labelKey)}</span>
    </span>
  );
}

/** Templates (issue #4: at least 12, for the preset sizes), filtered by the current size. */
export function TemplatesPanel({ state, run }: PanelProps) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const list = templatesForSize(TEMPLATES, state.size, all);
  const apply = (tpl: TemplateDefinition) => {
    const empty = state.layers.length === 0;
    if (empty) return void run('document.applyTemplate', { id: tpl.id });
    Modal.confirm({
      title: t('editor.ui.templates.confirmTitle'),
      content: t('editor.ui.templates.confirmText'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () => run('document.applyTemplate', { id: tpl.id }),
    });
  };
  return (
    <div>
      <div className="cc-panel-row">
        <Typography.Text type="secondary">
          {t('editor.ui.templates.forSize', { width: state.size.width, height: state.size.height })}
        </Typography.Text>
      </div>
      <label className="cc-panel-row cc-switch-row">
        <span>{t('editor.ui.templates.allSizes')}</span>
        <Switch size="small" checked={all} onChange={setAll} />
      </label>
      {list.length === 0 ? (
        <Typography.Paragraph type="secondary">{t('editor.ui.templates.none')}</Typography.Paragraph>
      ) : (
        <div className="cc-tpl-grid">
          {list.map((tpl) => (
            <button
              key={tpl.id}
              type="button"
              className="cc-tile"
              data-template={tpl.id}
              aria-label={t(tpl.labelKey)}
              onClick={() => apply(tpl)}
            >
              <TemplateThumb template={tpl} />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
