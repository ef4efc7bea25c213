import { SCHEMA_VERSION, type PosterDocument } from './types';

/** Thrown when a document cannot be read or is newer than this engine. */
export class DocumentError extends Error {
  override name = 'DocumentError';
}

type AnyDoc = Record<string, unknown>;

/**
 * v1 → v2: v1 stored the background as a bare colour string and an object's shadow as a CSS-like
 * string `"color offsetX offsetY blur"` (what fabric 5 editors wrote). v2 stores `{ type: 'color', color }`
 * and `{ color, blur, offsetX, offsetY }`.
 */
function migrateV1toV2(doc: AnyDoc): AnyDoc {
  const background =
    typeof doc.background === 'string'
      ? { type: 'color', color: doc.background }
      : (doc.background ?? { type: 'color', color: '#ffffff' });
  const fixObject = (o: unknown): unknown => {
    if (!o || typeof o !== 'object') return o;
    const obj = { ...(o as AnyDoc) };
    if (typeof obj.shadow === 'string') obj.shadow = parseShadowString(obj.shadow);
    if (Array.isArray(obj.objects)) obj.objects = obj.objects.map(fixObject);
    return obj;
  };
  const objects = Array.isArray(doc.objects) ? doc.objects.map(fixObject) : [];
  return { ...doc, background, objects, schemaVersion: 2 };
}

/** Parses `"rgba(0,0,0,0.5) 2px 3px 4px"` (colour, offsetX, offsetY, blur; px optional). */
export function parseShadowString(
  value: string,
): { color: string; blur: number; offsetX: number; offsetY: number } | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  const numbers = trimmed.match(/(?<=^|\s)-?\d+(?:\.\d+)?(?:px)?(?=\s|$)/g) ?? [];
  const colorPart = trimmed.replace(/(?:^|\s)-?\d+(?:\.\d+)?(?:px)?(?=\s|$)/g, ' ').trim() || 'rgb(0,0,0)';
  const [offsetX = 0, offsetY = 0, blur = 0] = numbers.map((n) => parseFloat(n));
  return { color: colorPart, blur, offsetX, offsetY };
}

const MIGRATIONS: Record<number, (doc: AnyDoc) => AnyDoc> = { 1: migrateV1toV2 };

/**
 * Upgrades a document of any earlier schema version to {@link SCHEMA_VERSION}, one step at a time.
 * A document without `schemaVersion` is treated as v1. Returns a new object; the input is not mutated.
 * @throws DocumentError when the input is not an object or is newer than this engine.
 */
export function migrateDocument(input: unknown): PosterDocument {
  if (!input || typeof input !== 'object' || Array.isArray(input))
    throw new DocumentError('document must be an object');
  let doc = { ...(input as AnyDoc) };
  let version = typeof doc.schemaVersion === 'number' ? doc.schemaVersion : 1;
  if (version > SCHEMA_VERSION)
    throw new DocumentError(`document schemaVersion ${version} is newer than ${SCHEMA_VERSION}`);
  while (version < SCHEMA_VERSION) {
    const step = MIGRATIONS[version];
    if (!step) throw new DocumentError(`no migration from schemaVersion ${version}`);
    doc = step(doc);
    version = doc.schemaVersion as number;
  }
  return doc as unknown as PosterDocument;
}
