import { createEditor, type Editor, type EditorOptions } from '../editor';
import type { PosterDocument } from '../types';

/** A fresh editor on a detached-from-layout canvas (900×1200 by default). */
export function makeEditor(options: Partial<EditorOptions> = {}): Editor {
  const el = document.createElement('canvas');
  document.body.appendChild(el);
  return createEditor({ canvasElement: el, width: 900, height: 1200, ...options });
}

/** Deep copy through JSON (what a saved document looks like). */
export function snapshot(editor: Editor): PosterDocument {
  return JSON.parse(JSON.stringify(editor.toDocument())) as PosterDocument;
}

/** A 40×30 two-tone PNG served by the test server (same origin, so an allowed asset URL). */
export const FIXTURE_PNG = '/packages/canvas-engine/test-fixtures/two-tone.png';
/** DejaVu Sans Mono (Bitstream Vera licence, see test-fixtures/dejavu-LICENSE.txt). */
export const FIXTURE_FONT = '/packages/canvas-engine/test-fixtures/dejavu-sans-mono.ttf';
