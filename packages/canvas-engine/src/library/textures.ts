/** A generated background texture: draws one tile (size × size pixels) in `color` over a filled background. */
export interface TextureDefinition {
  id: string;
  /** i18n key of the texture's name. */
  labelKey: string;
  /** Tile size in pixels. */
  size: number;
  draw(ctx: CanvasRenderingContext2D, size: number, color: string): void;
}

/** The shipped background textures (issue #4 "background texture"): patterns generated on a small canvas. */
export const TEXTURES: TextureDefinition[] = [
  {
    id: 'dots',
    labelKey: 'editor.texture.dots',
    size: 24,
    draw: (c, s, col) => {
      c.fillStyle = col;
      c.beginPath();
      c.arc(s / 2, s / 2, s / 8, 0, Math.PI * 2);
      c.fill();
    },
  },
  {
    id: 'stripes',
    labelKey: 'editor.texture.stripes',
    size: 16,
    draw: (c, s, col) => {
      c.fillStyle = col;
      c.fillRect(0, 0, s, s / 4);
    },
  },
  {
    id: 'diagonal',
    labelKey: 'editor.texture.diagonal',
    size: 16,
    draw: (c, s, col) => {
      c.strokeStyle = col;
      c.lineWidth = 2;
      c.beginPath();
      c.moveTo(0, s);
      c.lineTo(s, 0);
      c.moveTo(-s / 2, s / 2);
      c.lineTo(s / 2, -s / 2);
      c.moveTo(s / 2, s * 1.5);
      c.lineTo(s * 1.5, s / 2);
      c.stroke();
    },
  },
  {
    id: 'grid',
    labelKey: 'editor.texture.grid',
    size: 20,
    draw: (c, s, col) => {
      c.strokeStyle = col;
      c.lineWidth = 1;
      c.strokeRect(0.5, 0.5, s, s);
    },
  },
  {
    id: 'checker',
    labelKey: 'editor.texture.checker',
    size: 20,
    draw: (c, s, col) => {
      c.fillStyle = col;
      c.fillRect(0, 0, s / 2, s / 2);
      c.fillRect(s / 2, s / 2, s / 2, s / 2);
    },
  },
  {
    id: 'carbon',
    labelKey: 'editor.texture.carbon',
    size: 12,
    draw: (c, s, col) => {
      c.fillStyle = col;
      c.fillRect(0, 0, s / 2, s / 4);
      c.fillRect(s / 2, s / 2, s / 2, s / 4);
      c.globalAlpha = 0.5;
      c.fillRect(0, s / 4, s / 2, s / 4);
      c.fillRect(s / 2, (3 * s) / 4, s / 2, s / 4);
      c.globalAlpha = 1;
    },
  },
  {
    id: 'tread',
    labelKey: 'editor.texture.tread',
    size: 24,
    draw: (c, s, col) => {
      c.strokeStyle = col;
      c.lineWidth = 3;
      c.beginPath();
      c.moveTo(0, s / 2);
      c.lineTo(s / 2, s / 4);
      c.lineTo(s, s / 2);
      c.stroke();
    },
  },
  {
    id: 'waves',
    labelKey: 'editor.texture.waves',
    size: 32,
    draw: (c, s, col) => {
      c.strokeStyle = col;
      c.lineWidth = 2;
      c.beginPath();
      c.moveTo(0, s / 2);
      c.bezierCurveTo(s / 4, 0, (3 * s) / 4, s, s, s / 2);
      c.stroke();
    },
  },
];

/**
 * Draws one tile of texture `id` on a new canvas (size × size pixels): `background` fill, then the pattern
 * in `color`. Used as the source of a fabric `Pattern` (repeat).
 * @throws Error when the texture id is unknown.
 */
export function createTextureCanvas(id: string, color: string, background: string): HTMLCanvasElement {
  const def = TEXTURES.find((t) => t.id === id);
  if (!def) throw new Error(`unknown texture ${id}`);
  const canvas = document.createElement('canvas');
  canvas.width = def.size;
  canvas.height = def.size;
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, def.size, def.size);
  def.draw(ctx, def.size, color);
  return canvas;
}
