import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from './editor';
import { EDITOR_MESSAGES } from './messages';
import { FIXTURE_FONT, makeEditor } from './test/helpers';

let editor: Editor;
afterEach(async () => {
  await editor.dispose();
});

const FONT = { family: 'Test Mono', url: FIXTURE_FONT };

describe('exportImage', () => {
  it.each([
    [1, 900, 1200],
    [2, 1800, 2400],
    [3, 2700, 3600],
  ] as const)('PNG of 900×1200 at %i× decodes to %i×%i, independent of zoom', async (multiplier, w, h) => {
    editor = makeEditor({ viewportWidth: 500, viewportHeight: 400 });
    editor.zoomToFit();
    await editor.run('insert.rect');
    const blob = await editor.exportImage({ format: 'png', multiplier });
    expect(blob.type).toBe('image/png');
    const bitmap = await createImageBitmap(blob);
    expect([bitmap.width, bitmap.height]).toEqual([w, h]);
  });

  it('JPEG renders the background and objects at the right place', async () => {
    editor = makeEditor({ width: 200, height: 100 });
    await editor.run('document.setBackground', { background: { type: 'color', color: '#0000ff' } });
    await editor.run('insert.rect', { width: 50, height: 50, fill: '#ff0000' });
    const blob = await editor.exportImage({ format: 'jpeg', quality: 0.95 });
    expect(blob.type).toBe('image/jpeg');
    const bitmap = await createImageBitmap(blob);
    const c = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = c.getContext('2d')!;
    ctx.drawImage(bitmap, 0, 0);
    const at = (x: number, y: number) => [...ctx.getImageData(x, y, 1, 1).data.slice(0, 3)];
    const [r1, , b1] = at(100, 50);
    const [r2, , b2] = at(5, 5);
    expect(r1).toBeGreaterThan(200);
    expect(b1).toBeLessThan(60);
    expect(b2).toBeGreaterThan(200);
    expect(r2).toBeLessThan(60);
  });

  it('the grid overlay is on screen only, never in the export', async () => {
    editor = makeEditor({ width: 100, height: 100 });
    editor.setGrid({ visible: true, size: 20 });
    editor.canvas.renderAll();
    const screen = editor.canvas.getContext().getImageData(20, 5, 1, 1).data;
    expect(screen[0]).toBeLessThan(250);
    const bitmap = await createImageBitmap(await editor.exportImage());
    const c = new OffscreenCanvas(100, 100);
    const ctx = c.getContext('2d')!;
    ctx.drawImage(bitmap, 0, 0);
    expect([...ctx.getImageData(20, 5, 1, 1).data]).toEqual([255, 255, 255, 255]);
  });

  it('rejects other multipliers', async () => {
    editor = makeEditor();
    await expect(editor.exportImage({ multiplier: 4 as 1 })).rejects.toThrow(RangeError);
  });
});

describe('exportSvg', () => {
  it('embeds the used registry fonts as @font-face data URLs', async () => {
    editor = makeEditor({ fonts: [FONT, { family: 'Unused', url: '/nope.ttf' }] });
    await editor.run('insert.text', { text: 'Hello' });
    await editor.run('attr.set', { attrs: { fontFamily: 'Test Mono' } });
    const svg = await editor.exportSvg({ embedFonts: true });
    expect(svg).toMatch(/^<\?xml|<svg/);
    expect(svg).toContain('viewBox="0 0 900 1200"');
    expect(svg).toMatch(
      /@font-face \{ font-family: 'Test Mono'; src: url\('data:[^']*;base64,[A-Za-z0-9+/=]{1000,}'\) format\('truetype'\)/,
    );
    expect(svg).not.toContain('Unused');
    expect(new DOMParser().parseFromString(svg, 'image/svg+xml').querySelector('parsererror')).toBeNull();
  });

  it('without embedFonts has no @font-face', async () => {
    editor = makeEditor({ fonts: [FONT] });
    await editor.run('insert.text', { text: 'Hello', fontFamily: 'Test Mono' });
    expect(await editor.exportSvg({ embedFonts: false })).not.toContain('@font-face');
  });
});

describe('exportJson', () => {
  it('is the document', async () => {
    editor = makeEditor();
    await editor.run('insert.rect');
    expect(editor.exportJson()).toEqual(editor.toDocument());
  });
});

describe('copyImageToClipboard', () => {
  it('writes a real image/png ClipboardItem and answers 复制成功', async () => {
    const written: ClipboardItem[] = [];
    editor = makeEditor({
      width: 300,
      height: 200,
      clipboard: { write: async (items) => void written.push(...items) },
    });
    const result = await editor.copyImageToClipboard();
    expect(result).toEqual({ ok: true, message: EDITOR_MESSAGES.copySucceeded });
    expect(written[0]!.types).toEqual(['image/png']);
    const bitmap = await createImageBitmap(await written[0]!.getType('image/png'));
    expect([bitmap.width, bitmap.height]).toEqual([300, 200]);
  });

  it('answers 复制失败 when the clipboard refuses', async () => {
    editor = makeEditor({ clipboard: { write: async () => Promise.reject(new Error('denied')) } });
    expect(await editor.copyImageToClipboard()).toEqual({ ok: false, message: '复制失败' });
  });
});

describe('fonts', () => {
  it('loadFont goes idle → loading → loaded and re-measures text', async () => {
    editor = makeEditor({ fonts: [FONT] });
    const seen: string[] = [];
    editor.subscribe((s) => seen.push(s.fonts['Test Mono'] ?? 'idle'));
    expect(await editor.loadFont('Test Mono')).toBe(true);
    expect(seen).toContain('loading');
    expect(editor.getState().fonts['Test Mono']).toBe('loaded');
    expect(document.fonts.check('12px "Test Mono"')).toBe(true);
  });

  it('a broken font file ends failed (UI shows 字体加载失败，请重试) and attr.set keeps the old family', async () => {
    editor = makeEditor({
      fonts: [{ family: 'Broken', url: '/packages/canvas-engine/test-fixtures/two-tone.png' }],
    });
    await editor.run('insert.text', { text: 'x' });
    await editor.run('attr.set', { attrs: { fontFamily: 'Broken' } });
    expect(editor.getState().fonts.Broken).toBe('failed');
    expect(editor.toDocument().objects[0]!.fontFamily).toBe('sans-serif');
    expect(EDITOR_MESSAGES.fontFailed).toBe('字体加载失败，请重试');
    expect(EDITOR_MESSAGES.fontLoading).toBe('正在加载字体，您耐心等候...');
  });

  it('a loaded font changes text metrics', async () => {
    editor = makeEditor({ fonts: [FONT] });
    await editor.run('insert.text', { text: 'iiiiiiii', width: 2000 });
    await editor.run('attr.set', { attrs: { fontFamily: 'serif' } });
    const serifWidth = (
      editor.getSelectedObjects()[0] as unknown as { calcTextWidth(): number }
    ).calcTextWidth();
    await editor.run('attr.set', { attrs: { fontFamily: 'Test Mono' } });
    const monoWidth = (
      editor.getSelectedObjects()[0] as unknown as { calcTextWidth(): number }
    ).calcTextWidth();
    expect(monoWidth).toBeGreaterThan(serifWidth * 1.3);
  });
});
