import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Editor } from '../editor';
import { SIZE_PRESETS } from '../presets';
import { sanitizeSvg } from '../sanitize';
import { makeEditor, snapshot } from '../test/helpers';
import { MATERIALS } from './materials';
import { PALETTES } from './palettes';
import { TEMPLATES } from './templates';
import { TEXTURES, createTextureCanvas } from './textures';

let editor: Editor;
beforeAll(() => {
  editor = makeEditor();
});
afterAll(async () => {
  await editor.dispose();
});

describe('templates', () => {
  it('ships at least 12, with unique ids, covering every preset size', () => {
    expect(TEMPLATES.length).toBeGreaterThanOrEqual(12);
    expect(new Set(TEMPLATES.map((t) => t.id)).size).toBe(TEMPLATES.length);
    expect(new Set(TEMPLATES.map((t) => t.presetId))).toEqual(new Set(SIZE_PRESETS.map((p) => p.id)));
  });

  it.each(TEMPLATES.map((t) => [t.id, t] as const))(
    '%s loads at its preset size, uses no external images, and round-trips',
    async (_id, t) => {
      const preset = SIZE_PRESETS.find((p) => p.id === t.presetId)!;
      expect([t.document.width, t.document.height]).toEqual([preset.width, preset.height]);
      expect(JSON.stringify(t.document)).not.toMatch(/https?:|data:/);
      await editor.load(t.document);
      const doc = snapshot(editor);
      expect(doc.objects.length).toBe(t.document.objects.length);
      await editor.load(doc);
      expect(snapshot(editor)).toEqual(doc);
    },
  );
});

describe('materials', () => {
  it('ships at least 20 SVG elements with unique ids', () => {
    expect(MATERIALS.length).toBeGreaterThanOrEqual(20);
    expect(new Set(MATERIALS.map((m) => m.id)).size).toBe(MATERIALS.length);
    for (const id of [
      'car',
      'wheel',
      'steering-wheel',
      'fuel-pump',
      'charger-plug',
      'road',
      'speed-gauge',
      'badge',
      'arrow-right',
      'star',
    ])
      expect(MATERIALS.map((m) => m.id)).toContain(id);
  });

  it.each(MATERIALS.map((m) => [m.id, m] as const))(
    '%s survives sanitizing and inserts as one object',
    async (_id, m) => {
      const clean = sanitizeSvg(m.svg);
      expect(clean).toContain('<svg');
      expect(clean.length).toBeGreaterThan(m.svg.length * 0.8);
      await editor.load({
        schemaVersion: 2,
        width: 900,
        height: 1200,
        background: { type: 'color', color: '#fff' },
        objects: [],
      });
      await editor.run('insert.svg', { svg: m.svg, name: m.id });
      expect(editor.getState().layers).toEqual([expect.objectContaining({ name: m.id })]);
    },
  );
});

describe('textures and palettes', () => {
  it.each(TEXTURES.map((t) => [t.id] as const))('texture %s draws a tile with the pattern colour', (id) => {
    const canvas = createTextureCanvas(id, '#ff0000', '#0000ff');
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let red = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! > 128) red++;
    expect(red).toBeGreaterThan(0);
    expect(red).toBeLessThan(canvas.width * canvas.height);
  });

  it('palettes have five valid colours each', () => {
    expect(PALETTES.length).toBeGreaterThanOrEqual(8);
    for (const p of PALETTES) for (const c of p.colors) expect(c).toMatch(/^#[0-9a-f]{6}$/);
  });
});

describe('i18n keys', () => {
  it('lists every key once, all under editor.*', async () => {
    const { listI18nKeys } = await import('../i18n-keys');
    const keys = listI18nKeys();
    expect(keys.length).toBeGreaterThan(100);
    expect(new Set(keys).size).toBe(keys.length);
    for (const k of keys)
      expect(k).toMatch(/^editor\.(cmd|template|material|palette|texture|size|msg)\.[a-zA-Z0-9-]+$/);
    expect(keys).toContain('editor.cmd.flipX');
    expect(keys).toContain('editor.msg.copySucceeded');
  });
});
