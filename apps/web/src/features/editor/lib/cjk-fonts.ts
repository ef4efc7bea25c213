import notoUnicode from '@fontsource/noto-sans-sc/unicode.json';
import zcoolUnicode from '@fontsource/zcool-kuaile/unicode.json';
import maShanUnicode from '@fontsource/ma-shan-zheng/unicode.json';
import { FONT_LOAD_TIMEOUT_MS, withTimeLimit } from '@cc/canvas-engine';

/**
 * The CJK fonts in full. @fontsource splits each into ~90 unicode-range slices (`unicode.json` maps a
 * slice to its range); the engine's registry takes one file per family (slice 118, the most frequent
 * characters), so the other slices are added here as FontFaces of the same family with their
 * `unicodeRange`, and loaded for exactly the characters a design uses before its text is measured.
 */

// Vite emits every slice as an asset and gives its URL; nothing is fetched until a character needs it.
// The fonts are hoisted to the workspace's node_modules (six levels up from this file).
const files = import.meta.glob<string>(
  [
    '../../../../../../node_modules/@fontsource/noto-sans-sc/files/noto-sans-sc-*-400-normal.woff2',
    '../../../../../../node_modules/@fontsource/zcool-kuaile/files/zcool-kuaile-*-400-normal.woff2',
    '../../../../../../node_modules/@fontsource/ma-shan-zheng/files/ma-shan-zheng-*-400-normal.woff2',
  ],
  { query: '?url', import: 'default', eager: true },
);

interface SlicedFamily {
  prefix: string;
  unicode: Record<string, string>;
}

const SLICED: Record<string, SlicedFamily> = {
  'Noto Sans SC': { prefix: 'noto-sans-sc', unicode: notoUnicode },
  'ZCOOL KuaiLe': { prefix: 'zcool-kuaile', unicode: zcoolUnicode },
  'Ma Shan Zheng': { prefix: 'ma-shan-zheng', unicode: maShanUnicode },
};

/** `U+4e00-4e3f,U+5000` → [[0x4e00, 0x4e3f], [0x5000, 0x5000]]. */
export function parseUnicodeRange(range: string): [number, number][] {
  return range
    .split(',')
    .map((part) => part.trim().replace(/^U\+/i, ''))
    .filter(Boolean)
    .map((part) => {
      const [a, b] = part.split('-');
      const start = parseInt(a!, 16);
      return [start, b ? parseInt(b, 16) : start] as [number, number];
    });
}

const parsed = new Map<string, [string, [number, number][]][]>();
function slicesOf(family: string): [string, [number, number][]][] {
  const def = SLICED[family];
  if (!def) return [];
  let list = parsed.get(family);
  if (!list) {
    list = Object.entries(def.unicode).map(([key, range]) => [key, parseUnicodeRange(range)]);
    parsed.set(family, list);
  }
  return list;
}

/** True for families shipped as slices here. */
export function isSlicedFamily(family: string): boolean {
  return family in SLICED;
}

/** The slice keys (`[118]`, `latin`…) holding the characters of `text` in `family`. */
export function slicesForText(family: string, text: string): string[] {
  const slices = slicesOf(family);
  const needed = new Set<string>();
  for (const ch of new Set(text)) {
    const code = ch.codePointAt(0)!;
    if (code < 0x21) continue;
    const hit = slices.find(([, ranges]) => ranges.some(([a, b]) => code >= a && code <= b));
    if (hit) needed.add(hit[0]);
  }
  return [...needed];
}

function sliceUrl(family: string, key: string): string | undefined {
  const def = SLICED[family]!;
  const id = key.replace(/^\[(\d+)\]$/, '$1');
  const suffix = `/${def.prefix}-${id}-400-normal.woff2`;
  const match = Object.keys(files).find((path) => path.endsWith(suffix));
  return match ? files[match] : undefined;
}

const loaded = new Map<string, Promise<void>>();

/**
 * Loads the slices of `family` that `text` needs (each once). Resolves true when a new slice was
 * loaded (the caller re-measures text), false when nothing was needed. Failed slices — and slices slower than
 * `FONT_LOAD_TIMEOUT_MS` — are retried on the next call; the characters fall back to the system font meanwhile.
 */
export async function loadSlicesForText(family: string, text: string): Promise<boolean> {
  if (!isSlicedFamily(family) || typeof FontFace === 'undefined') return false;
  const tasks: Promise<void>[] = [];
  for (const key of slicesForText(family, text)) {
    const id = `${family}|${key}`;
    if (loaded.has(id)) {
      tasks.push(loaded.get(id)!);
      continue;
    }
    const url = sliceUrl(family, key);
    if (!url) continue;
    const unicodeRange = SLICED[family]!.unicode[key]!;
    const task = withTimeLimit(
      new FontFace(family, `url(${JSON.stringify(url)})`, { unicodeRange }).load(),
      FONT_LOAD_TIMEOUT_MS,
    )
      .then((face) => {
        document.fonts.add(face);
      })
      .catch((e: unknown) => {
        loaded.delete(id);
        throw e;
      });
    loaded.set(id, task);
    tasks.push(task.then(() => undefined));
  }
  if (tasks.length === 0) return false;
  await Promise.allSettled(tasks);
  return true;
}

/** Every (family, text) pair of a document's text objects, groups included. */
export function textsOfDocument(doc: unknown): { family: string; text: string }[] {
  const out: { family: string; text: string }[] = [];
  const walk = (objects: unknown) => {
    if (!Array.isArray(objects)) return;
    for (const o of objects as Record<string, unknown>[]) {
      if (typeof o?.text === 'string' && typeof o.fontFamily === 'string')
        out.push({ family: o.fontFamily, text: o.text });
      walk(o?.objects);
    }
  };
  walk((doc as { objects?: unknown } | null)?.objects);
  return out;
}
