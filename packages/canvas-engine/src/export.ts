import type { Editor } from './editor';
import { fetchAsDataUrl, fontFormat } from './fonts';
import { EDITOR_MESSAGES } from './messages';
import { collectFontFamilies } from './serialize';

/** Options of `exportImage`. */
export interface ExportImageOptions {
  /** Default 'png'. */
  format?: 'png' | 'jpeg';
  /** Pixel ratio: 900×1200 at 2 gives 1800×2400 pixels. Default 1. */
  multiplier?: 1 | 2 | 3;
  /** JPEG quality 0..1 (default 0.92). */
  quality?: number;
}

/** Options of `exportSvg`. */
export interface ExportSvgOptions {
  /** Embed the registry fonts used by text as @font-face data URLs (default true). */
  embedFonts?: boolean;
}

/** Result of `copyImageToClipboard`: `message` is 复制成功 or 复制失败 (spec §8). */
export interface ClipboardResult {
  ok: boolean;
  message: string;
}

/** Runs `fn` with the view reset to 100 % at the origin and no selection handles, then restores. */
function withDocumentView<T>(editor: Editor, fn: () => T): T {
  const c = editor.canvas;
  const vpt = [...c.viewportTransform] as typeof c.viewportTransform;
  const selected = editor.getSelectedObjects();
  c.discardActiveObject();
  c.viewportTransform = [1, 0, 0, 1, 0, 0];
  try {
    return fn();
  } finally {
    c.setViewportTransform(vpt);
    if (selected.length) editor.select(selected);
  }
}

/**
 * Renders the whole design (not the viewport) to an image Blob of (width × multiplier) ×
 * (height × multiplier) pixels. The grid overlay and selection handles are not included.
 * @throws RangeError for a multiplier other than 1, 2 or 3; Error when the browser cannot encode.
 */
export async function exportImage(editor: Editor, options: ExportImageOptions = {}): Promise<Blob> {
  const multiplier = options.multiplier ?? 1;
  if (![1, 2, 3].includes(multiplier)) throw new RangeError('multiplier must be 1, 2 or 3');
  const format = options.format ?? 'png';
  const { width, height } = editor.getSize();
  const element = withDocumentView(editor, () =>
    editor.canvas.toCanvasElement(multiplier, { left: 0, top: 0, width, height }),
  );
  const blob = await new Promise<Blob | null>((resolve) =>
    element.toBlob(resolve, `image/${format}`, options.quality ?? 0.92),
  );
  if (!blob) throw new Error('image encoding failed');
  return blob;
}

/**
 * Renders the design as an SVG document (viewBox = design size in pixels). With `embedFonts` (default)
 * every registry font used by a text object is fetched and embedded as an `@font-face` rule with a
 * data URL, so the SVG renders the same anywhere.
 * @throws Error when a used font cannot be fetched.
 */
export async function exportSvg(editor: Editor, options: ExportSvgOptions = {}): Promise<string> {
  const { width, height } = editor.getSize();
  let svg = withDocumentView(editor, () =>
    editor.canvas.toSVG({
      width: String(width),
      height: String(height),
      viewBox: { x: 0, y: 0, width, height },
    }),
  );
  if (options.embedFonts === false) return svg;
  const families = [...collectFontFamilies(editor.toDocument().objects)]
    .map((f) => editor.fonts.find(f))
    .filter((f) => !!f);
  if (families.length === 0) return svg;
  const rules: string[] = [];
  for (const font of families) {
    const dataUrl = await fetchAsDataUrl(font.url);
    rules.push(
      `@font-face { font-family: '${font.family.replace(/'/g, '')}'; src: url('${dataUrl}') format('${fontFormat(font.url)}'); }`,
    );
  }
  const style = `<style type="text/css"><![CDATA[\n${rules.join('\n')}\n]]></style>`;
  if (svg.includes('<defs>')) svg = svg.replace('<defs>', `<defs>\n${style}`);
  else svg = svg.replace(/<svg\b[^>]*>/, (open) => `${open}\n<defs>${style}</defs>`);
  return svg;
}

/**
 * Writes the design (1×) to the clipboard as a real `image/png` ClipboardItem (not text, unlike the
 * editor issue #4 replaces). Never throws: resolves `{ ok: false, message: 复制失败 }` on any failure.
 */
export async function copyImageToClipboard(
  editor: Editor,
  clipboard?: Pick<Clipboard, 'write'>,
): Promise<ClipboardResult> {
  try {
    const target = clipboard ?? navigator.clipboard;
    if (!target?.write || typeof ClipboardItem === 'undefined') throw new Error('clipboard unavailable');
    // The promise goes into the item directly so Safari keeps the user gesture.
    await target.write([
      new ClipboardItem({ 'image/png': exportImage(editor, { format: 'png', multiplier: 1 }) }),
    ]);
    return { ok: true, message: EDITOR_MESSAGES.copySucceeded };
  } catch {
    return { ok: false, message: EDITOR_MESSAGES.copyFailed };
  }
}
