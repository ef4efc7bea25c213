import type { Editor } from '../editor';
import { getTemplate } from '../library/templates';
import { getSizePreset } from '../presets';
import { isAllowedAssetUrl, sanitizeDocumentJson } from '../sanitize';
import type { Background, GridSettings, PosterDocument } from '../types';
import type { AnyCommand, Command } from './registry';

const always = () => true;
const ZOOM_STEP = 1.2;

/** Arguments of `document.setSize`: a preset id or a custom size (1..10000 pixels). */
export type SetSizeArgs = { preset: string } | { width: number; height: number };

export const DOCUMENT_COMMANDS: AnyCommand[] = [
  {
    id: 'document.setBackground',
    labelKey: 'editor.cmd.setBackground',
    isEnabled: always,
    perform: async (e: Editor, args: { background: Background }) => {
      const clean = sanitizeDocumentJson(
        { schemaVersion: 2, width: 1, height: 1, background: args.background, objects: [] },
        { allowedOrigins: e.options.allowedOrigins },
      ).background;
      if (
        args.background.type === 'image' &&
        !isAllowedAssetUrl(args.background.url, e.options.allowedOrigins)
      )
        throw new Error(`background URL not allowed: ${args.background.url}`);
      await e.setDocumentProps({ background: clean }, { labelKey: 'editor.cmd.setBackground' });
    },
  } satisfies Command<{ background: Background }>,
  {
    id: 'document.setSize',
    labelKey: 'editor.cmd.setSize',
    isEnabled: always,
    perform: async (e: Editor, args: SetSizeArgs) => {
      const size = 'preset' in args ? getSizePreset(args.preset) : args;
      const ok = (v: number) => Number.isInteger(v) && v >= 1 && v <= 10_000;
      if (!ok(size.width) || !ok(size.height))
        throw new RangeError('width and height must be whole pixels 1..10000');
      await e.setDocumentProps(
        { width: size.width, height: size.height },
        { labelKey: 'editor.cmd.setSize' },
      );
    },
  } satisfies Command<SetSizeArgs>,
  {
    // Replaces the design with a template (one undo step).
    id: 'document.applyTemplate',
    labelKey: 'editor.cmd.applyTemplate',
    isEnabled: always,
    perform: async (e: Editor, args: { id: string }) => {
      const clean = sanitizeDocumentJson(getTemplate(args.id).document, {
        allowedOrigins: e.options.allowedOrigins,
      });
      await e.replaceDocument(clean, 'editor.cmd.applyTemplate');
    },
  } satisfies Command<{ id: string }>,
  {
    // Imports a JSON file's text (sanitized, migrated; one undo step).
    id: 'document.importJson',
    labelKey: 'editor.cmd.importJson',
    isEnabled: always,
    perform: async (e: Editor, args: { json: string | PosterDocument }) => {
      const clean = sanitizeDocumentJson(args.json, { allowedOrigins: e.options.allowedOrigins });
      await e.replaceDocument(clean, 'editor.cmd.importJson');
    },
  } satisfies Command<{ json: string | PosterDocument }>,
  {
    id: 'view.setDrawing',
    labelKey: 'editor.cmd.drawing',
    isEnabled: always,
    perform: (e: Editor, args: { on: boolean; color?: string; width?: number }) =>
      e.setDrawingMode(args.on, args),
  } satisfies Command<{ on: boolean }>,
  {
    id: 'view.toggleDrawing',
    labelKey: 'editor.cmd.drawing',
    shortcut: 'P',
    isEnabled: always,
    perform: (e: Editor) => e.setDrawingMode(!e.canvas.isDrawingMode),
  },
  {
    id: 'view.zoomIn',
    labelKey: 'editor.cmd.zoomIn',
    shortcut: ['Mod+=', 'Mod++'],
    isEnabled: always,
    perform: (e: Editor) => e.zoomTo(e.canvas.getZoom() * ZOOM_STEP),
  },
  {
    id: 'view.zoomOut',
    labelKey: 'editor.cmd.zoomOut',
    shortcut: 'Mod+-',
    isEnabled: always,
    perform: (e: Editor) => e.zoomTo(e.canvas.getZoom() / ZOOM_STEP),
  },
  {
    id: 'view.zoomToFit',
    labelKey: 'editor.cmd.zoomToFit',
    shortcut: 'Mod+0',
    isEnabled: always,
    perform: (e: Editor, a?: { padding?: number }) => e.zoomToFit(a?.padding),
  },
  {
    id: 'view.zoomTo',
    labelKey: 'editor.cmd.zoomTo',
    isEnabled: always,
    perform: (e: Editor, a: { zoom: number; point?: { x: number; y: number } }) => e.zoomTo(a.zoom, a.point),
  } satisfies Command<{ zoom: number }>,
  {
    id: 'view.pan',
    labelKey: 'editor.cmd.pan',
    isEnabled: always,
    perform: (e: Editor, a: { dx: number; dy: number }) => e.pan(a.dx, a.dy),
  } satisfies Command<{ dx: number; dy: number }>,
  {
    id: 'view.setGrid',
    labelKey: 'editor.cmd.grid',
    isEnabled: always,
    perform: (e: Editor, a: Partial<GridSettings>) => e.setGrid(a),
  } satisfies Command<Partial<GridSettings>>,
];
