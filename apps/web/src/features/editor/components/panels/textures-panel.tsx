import { useEffect, useRef, useState } from 'react';
import { ColorPicker } from 'antd';
import { useTranslation } from 'react-i18next';
import { TEXTURES, createTextureCanvas, type TextureDefinition } from '@cc/canvas-engine';
import type { PanelProps } from './panel-props';

function TexturePreview({
  texture,
  color,
  background,
}: {
  texture: TextureDefinition;
  color: string;
  background: string;
}) {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    try {
      const tile = createTextureCanvas(texture.id, color, background);
      el.style.backgroundImage = `url(${tile.toDataURL()})`;
    } catch {
      el.style.background = background;
    }
  }, [texture.id, color, background]);
  return <span ref={ref} className="cc-texture-preview" />;
}

/** Background texture (spec §2): generated patterns in a colour over a base colour. */
export function TexturesPanel({ run }: PanelProps) {
  const { t } = useTranslation();
  const [color, setColor] = useState('#cbd5e1');
  const [base, setBase] = useState('#ffffff');
  return (
    <div className="cc-stack">
      <label className="cc-switch-row">
        <span>{t('editor.ui.textures.color')}</span>
        <ColorPicker value={color} onChangeComplete={(c) => setColor(c.toHexString())} />
      </label>
      <label className="cc-switch-row">
        <span>{t('editor.ui.textures.base')}</span>
        <ColorPicker value={base} onChangeComplete={(c) => setBase(c.toHexString())} />
      </label>
      <div className="cc-tile-grid">
        {TEXTURES.map((tx) => (
          <button
            key={tx.id}
            type="button"
            className="cc-tile cc-texture-tile"
            onClick={() =>
              void run('document.setBackground', {
                background: { type: 'texture', textureId: tx.id, color, background: base },
              })
            }
          >
            <TexturePreview texture={tx} color={color} background={base} />
            <span>{t(tx.labelKey)}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
