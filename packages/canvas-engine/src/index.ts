/**
 * Poster editor engine (issue #4): document model, commands, diff-based history, sanitization and
 * export on fabric.js 7. No React: the UI calls `editor.run(id, args)` and renders `editor.getState()`.
 */
export {
  createEditor,
  Editor,
  diffObjects,
  keyCombo,
  type EditorOptions,
  type MutateOptions,
} from './editor';
export {
  CommandRegistry,
  BUILT_IN_COMMANDS,
  createCommandRegistry,
  type Command,
  type AnyCommand,
} from './commands/registry';
export type { SetAttributesArgs, SetFilterArgs } from './commands/style-commands';
export type { SetSizeArgs } from './commands/document-commands';
export type { MoveToArgs } from './commands/arrange-commands';
export type { ShapeArgs } from './commands/insert-commands';
export { NUDGE_STEP, NUDGE_STEP_SHIFT, PASTE_OFFSET } from './commands/edit-commands';
export {
  History,
  DEFAULT_HISTORY_BUDGET_BYTES,
  COALESCE_WINDOW_MS,
  estimateEntryBytes,
  type HistoryEntry,
  type PropChange,
  type PlacedObject,
  type DocumentProps,
} from './history';
export { migrateDocument, parseShadowString, DocumentError } from './migrate';
export { sanitizeSvg, sanitizeDocumentJson, isAllowedAssetUrl, type SanitizeOptions } from './sanitize';
export {
  exportImage,
  exportSvg,
  copyImageToClipboard,
  type ExportImageOptions,
  type ExportSvgOptions,
  type ClipboardResult,
} from './export';
export { FONT_LOAD_TIMEOUT_MS, FontLoader, SYSTEM_FONTS, withTimeLimit } from './fonts';
export { EDITOR_MESSAGES, MESSAGE_KEYS } from './messages';
export { listI18nKeys } from './i18n-keys';
export { SIZE_PRESETS, getSizePreset, type SizePreset } from './presets';
export { TEMPLATES, getTemplate, type TemplateDefinition } from './library/templates';
export { PALETTES, type Palette } from './library/palettes';
export { TEXTURES, createTextureCanvas, type TextureDefinition } from './library/textures';
export { MATERIALS, getMaterial, type MaterialDefinition } from './library/materials';
export { createLinearGradient } from './background';
export * from './types';
