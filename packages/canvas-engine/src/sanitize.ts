import DOMPurify from 'dompurify';
import { DocumentError, migrateDocument } from './migrate';
import { SCHEMA_VERSION, type Background, type ObjectData, type PosterDocument } from './types';

/** Options shared by the sanitizers. */
export interface SanitizeOptions {
  /** Extra origins (e.g. `https://img.example.com`) whose URLs are allowed besides `/media/...` and same-origin. */
  allowedOrigins?: string[];
  /** When given, a human-readable line is pushed for everything removed (for logs and tests). */
  removed?: string[];
}

/** Our own media paths (API.md §8: images served at `/media/img/{w}x{h}/{key}`). */
const MEDIA_PREFIX = '/media/';
/** Strings that look like an attempt to run script; any property holding one is dropped. */
const SCRIPTISH = /javascript:|vbscript:|<\s*script|\bon[a-z]+\s*=|data:\s*text\/html/i;

/**
 * True when `url` may be loaded: our media paths (`/media/...`), same-origin URLs and URLs on
 * `allowedOrigins`. Never `javascript:`, `data:` or other origins (issue #4: images by asset URL only).
 */
export function isAllowedAssetUrl(url: string, allowedOrigins: string[] = []): boolean {
  const value = url.trim();
  if (!value || SCRIPTISH.test(value)) return false;
  if (value.startsWith(MEDIA_PREFIX)) return true;
  if (value.startsWith('//')) return false;
  const base = typeof location !== 'undefined' ? location.origin : 'http://localhost';
  let parsed: URL;
  try {
    parsed = new URL(value, base + '/');
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  return parsed.origin === base || allowedOrigins.includes(parsed.origin);
}

/** url(...) references inside an attribute or style value; only local `#id` references survive. */
function hasForbiddenUrlRef(value: string, allowedOrigins: string[]): boolean {
  const refs = value.match(/url\(\s*(['"]?)(.*?)\1\s*\)/gi) ?? [];
  for (const ref of refs) {
    const inner = ref.replace(/^url\(\s*(['"]?)/i, '').replace(/(['"]?)\s*\)$/, '');
    if (inner.startsWith('#')) continue;
    if (!isAllowedAssetUrl(inner, allowedOrigins)) return true;
  }
  return /@import|expression\s*\(/i.test(value);
}

/**
 * Sanitizes SVG markup before it reaches the canvas (issue #4): DOMPurify with the SVG profile, no
 * `<script>`, `<foreignObject>` or `<style>`, no `on*` attributes, no `javascript:` URLs, and no external
 * `href`/`xlink:href`/`url()` references except `/media/...`, same-origin and `allowedOrigins`.
 * @returns the cleaned markup ('' when nothing usable is left).
 */
export function sanitizeSvg(text: string, options: SanitizeOptions = {}): string {
  const allowed = options.allowedOrigins ?? [];
  const removed = options.removed;
  const purify = DOMPurify(window);
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    const value = data.attrValue ?? '';
    if (name.startsWith('on')) {
      data.keepAttr = false;
    } else if (name === 'href' || name === 'xlink:href' || name === 'src') {
      if (!value.startsWith('#') && !isAllowedAssetUrl(value, allowed)) data.keepAttr = false;
    } else if (hasForbiddenUrlRef(value, allowed) || SCRIPTISH.test(value)) {
      data.keepAttr = false;
    }
    if (!data.keepAttr) removed?.push(`attribute ${data.attrName}`);
  });
  purify.addHook('uponSanitizeElement', (_node, data) => {
    if (['script', 'foreignobject', 'style', 'iframe'].includes(data.tagName?.toLowerCase() ?? ''))
      removed?.push(`element ${data.tagName}`);
  });
  const clean = purify.sanitize(text, {
    USE_PROFILES: { svg: true, svgFilters: true },
    // <use> is common in icon sets; its href is limited to local #ids or allowed URLs by the hook above.
    ADD_TAGS: ['use'],
    FORBID_TAGS: ['script', 'foreignObject', 'style', 'iframe', 'embed', 'object'],
    FORBID_ATTR: ['srcdoc'],
    ALLOW_DATA_ATTR: false,
  });
  purify.removeAllHooks();
  return typeof clean === 'string' ? clean : String(clean);
}

// ---------------------------------------------------------------------------------------------------
// Document JSON

const OBJECT_TYPES = new Set([
  'rect',
  'circle',
  'ellipse',
  'triangle',
  'polygon',
  'polyline',
  'line',
  'path',
  'textbox',
  'i-text',
  'itext',
  'text',
  'image',
  'group',
]);

type Check = (value: unknown, allowed: string[]) => unknown | typeof DROP;
const DROP = Symbol('drop');

const num: Check = (v) => (typeof v === 'number' && Number.isFinite(v) ? v : DROP);
const bool: Check = (v) => (typeof v === 'boolean' ? v : DROP);
const str: Check = (v) => (typeof v === 'string' && v.length <= 100_000 && !SCRIPTISH.test(v) ? v : DROP);
const strOrNull: Check = (v) => (v === null ? null : str(v, []));
const numArrayOrNull: Check = (v) =>
  v === null
    ? null
    : Array.isArray(v) && v.every((n) => typeof n === 'number' && Number.isFinite(n))
      ? v
      : DROP;

const colorStops = (v: unknown): boolean =>
  Array.isArray(v) &&
  v.every(
    (s) =>
      s &&
      typeof s === 'object' &&
      num((s as Record<string, unknown>).offset, []) !== DROP &&
      str((s as Record<string, unknown>).color, []) !== DROP,
  );

/** Fill/stroke: a colour string, null, or a linear/radial gradient object. Patterns are not allowed. */
const paint: Check = (v) => {
  if (v === null || v === '') return v;
  if (typeof v === 'string') return str(v, []);
  if (!v || typeof v !== 'object') return DROP;
  const g = v as Record<string, unknown>;
  if ((g.type !== 'linear' && g.type !== 'radial') || !colorStops(g.colorStops)) return DROP;
  const coords = g.coords as Record<string, unknown> | undefined;
  if (
    !coords ||
    typeof coords !== 'object' ||
    !Object.values(coords).every((n) => typeof n === 'number' && Number.isFinite(n))
  )
    return DROP;
  const out: Record<string, unknown> = {
    type: g.type,
    coords: { ...coords },
    colorStops: (g.colorStops as Record<string, unknown>[]).map((s) => ({
      offset: s.offset,
      color: s.color,
    })),
  };
  for (const k of ['offsetX', 'offsetY'] as const) if (typeof g[k] === 'number') out[k] = g[k];
  if (g.gradientUnits === 'pixels' || g.gradientUnits === 'percentage') out.gradientUnits = g.gradientUnits;
  if (numArrayOrNull(g.gradientTransform, []) !== DROP && g.gradientTransform != null)
    out.gradientTransform = g.gradientTransform;
  return out;
};

const shadow: Check = (v) => {
  if (v === null) return null;
  if (!v || typeof v !== 'object') return DROP;
  const s = v as Record<string, unknown>;
  const color = str(s.color, []);
  if (color === DROP) return DROP;
  const out: Record<string, unknown> = { color };
  for (const k of ['blur', 'offsetX', 'offsetY'])
    out[k] = typeof s[k] === 'number' && Number.isFinite(s[k]) ? s[k] : 0;
  for (const k of ['affectStroke', 'nonScaling']) if (typeof s[k] === 'boolean') out[k] = s[k];
  if (s.type === 'shadow') out.type = 'shadow';
  return out;
};

const FILTER_TYPES = new Set([
  'Grayscale',
  'Sepia',
  'Brightness',
  'Contrast',
  'Saturation',
  'Blur',
  'Invert',
  'Pixelate',
  'Noise',
  'HueRotation',
  'Vibrance',
  'Gamma',
]);
const filters: Check = (v) => {
  if (!Array.isArray(v)) return DROP;
  return v
    .filter(
      (f) => f && typeof f === 'object' && FILTER_TYPES.has((f as Record<string, unknown>).type as string),
    )
    .map((f) => {
      const out: Record<string, unknown> = {};
      for (const [k, val] of Object.entries(f as Record<string, unknown>)) {
        if (
          typeof val === 'number'
            ? Number.isFinite(val)
            : typeof val === 'boolean' || (typeof val === 'string' && val.length < 40 && !SCRIPTISH.test(val))
        )
          out[k] = val;
        else if (Array.isArray(val) && val.every((n) => typeof n === 'number')) out[k] = val;
      }
      return out;
    });
};

const points: Check = (v) =>
  Array.isArray(v) &&
  v.every((p) => p && typeof p === 'object' && typeof p.x === 'number' && typeof p.y === 'number')
    ? v.map((p) => ({ x: p.x, y: p.y }))
    : DROP;
const pathData: Check = (v) =>
  Array.isArray(v) &&
  v.every(
    (seg) =>
      Array.isArray(seg) &&
      typeof seg[0] === 'string' &&
      /^[a-zA-Z]$/.test(seg[0]) &&
      seg.slice(1).every((n: unknown) => typeof n === 'number' && Number.isFinite(n)),
  )
    ? v
    : DROP;
const textStyles: Check = (v) => {
  if (!Array.isArray(v)) return DROP;
  return v
    .filter(
      (s) =>
        s &&
        typeof s === 'object' &&
        typeof s.start === 'number' &&
        typeof s.end === 'number' &&
        s.style &&
        typeof s.style === 'object',
    )
    .map((s) => {
      const style: Record<string, unknown> = {};
      for (const [k, val] of Object.entries(s.style as Record<string, unknown>)) {
        const rule = TEXT_STYLE_PROPS[k];
        if (!rule) continue;
        const out = rule(val, []);
        if (out !== DROP) style[k] = out;
      }
      return { start: s.start, end: s.end, style };
    });
};
const layoutManager: Check = (v) => {
  if (!v || typeof v !== 'object') return DROP;
  const strategy = (v as Record<string, unknown>).strategy;
  return strategy === 'fit-content' || strategy === 'fixed' || strategy === 'clip-path'
    ? { type: 'layoutManager', strategy }
    : DROP;
};

const TEXT_STYLE_PROPS: Record<string, Check> = {
  fill: paint,
  stroke: paint,
  strokeWidth: num,
  fontSize: num,
  fontFamily: str,
  fontWeight: (v) => (typeof v === 'number' ? v : str(v, [])),
  fontStyle: str,
  underline: bool,
  overline: bool,
  linethrough: bool,
  textBackgroundColor: str,
  deltaY: num,
};

/** Properties every object may carry (fabric 7 `toObject()` keys plus the engine's). */
const COMMON_PROPS: Record<string, Check> = {
  type: str,
  version: str,
  id: str,
  name: str,
  locked: bool,
  blur: num,
  originX: str,
  originY: str,
  left: num,
  top: num,
  width: num,
  height: num,
  fill: paint,
  stroke: paint,
  strokeWidth: num,
  strokeDashArray: numArrayOrNull,
  strokeLineCap: str,
  strokeDashOffset: num,
  strokeLineJoin: str,
  strokeUniform: bool,
  strokeMiterLimit: num,
  scaleX: num,
  scaleY: num,
  angle: num,
  flipX: bool,
  flipY: bool,
  opacity: num,
  shadow,
  visible: bool,
  backgroundColor: str,
  fillRule: str,
  paintFirst: str,
  globalCompositeOperation: (v) =>
    v === 'source-over' || v === 'multiply' || v === 'screen' || v === 'overlay' ? v : DROP,
  skewX: num,
  skewY: num,
};

const TYPE_PROPS: Record<string, Record<string, Check>> = {
  rect: { rx: num, ry: num },
  ellipse: { rx: num, ry: num },
  circle: { radius: num, startAngle: num, endAngle: num, counterClockwise: bool },
  triangle: {},
  polygon: { points },
  polyline: { points },
  line: { x1: num, x2: num, y1: num, y2: num },
  path: { path: pathData },
  textbox: {},
  'i-text': {},
  itext: {},
  text: {},
  image: { cropX: num, cropY: num, src: str, crossOrigin: strOrNull, filters },
  group: { subTargetCheck: bool, interactive: bool, layoutManager },
};
const TEXT_PROPS: Record<string, Check> = {
  text: str,
  fontSize: num,
  fontWeight: (v) => (typeof v === 'number' ? v : str(v, [])),
  fontFamily: str,
  fontStyle: str,
  lineHeight: num,
  charSpacing: num,
  textAlign: str,
  styles: textStyles,
  pathStartOffset: num,
  pathSide: str,
  pathAlign: str,
  underline: bool,
  overline: bool,
  linethrough: bool,
  textBackgroundColor: str,
  direction: str,
  textDecorationThickness: num,
  minWidth: num,
  splitByGrapheme: bool,
};

function sanitizeObject(
  input: unknown,
  options: Required<Pick<SanitizeOptions, 'allowedOrigins'>> & SanitizeOptions,
  path: string,
): ObjectData | null {
  const removed = options.removed;
  if (!input || typeof input !== 'object' || Array.isArray(input)) {
    removed?.push(`${path}: not an object`);
    return null;
  }
  const raw = input as Record<string, unknown>;
  const type = typeof raw.type === 'string' ? raw.type.toLowerCase() : '';
  if (!OBJECT_TYPES.has(type)) {
    removed?.push(`${path}: type ${String(raw.type)}`);
    return null;
  }
  const isText = type === 'textbox' || type === 'i-text' || type === 'itext' || type === 'text';
  const rules: Record<string, Check> = {
    ...COMMON_PROPS,
    ...TYPE_PROPS[type],
    ...(isText ? TEXT_PROPS : {}),
  };
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'objects') continue;
    const rule = rules[key];
    const clean = rule ? rule(value, options.allowedOrigins) : DROP;
    if (clean === DROP) removed?.push(`${path}.${key}`);
    else out[key] = clean;
  }
  if (type === 'image') {
    if (typeof out.src !== 'string' || !isAllowedAssetUrl(out.src, options.allowedOrigins)) {
      removed?.push(`${path}: image source not allowed`);
      return null;
    }
  }
  if (type === 'group') {
    const children = Array.isArray(raw.objects) ? raw.objects : [];
    out.objects = children
      .map((c, i) => sanitizeObject(c, options, `${path}.objects[${i}]`))
      .filter((c): c is ObjectData => c !== null);
  }
  if (typeof out.id !== 'string' || out.id.length === 0 || out.id.length > 100) out.id = crypto.randomUUID();
  if (typeof out.name !== 'string') out.name = type;
  return out as ObjectData;
}

function sanitizeBackground(
  input: unknown,
  options: Required<Pick<SanitizeOptions, 'allowedOrigins'>> & SanitizeOptions,
): Background {
  const fallback: Background = { type: 'color', color: '#ffffff' };
  if (!input || typeof input !== 'object') return fallback;
  const b = input as Record<string, unknown>;
  if (b.type === 'color' && str(b.color, []) !== DROP) return { type: 'color', color: b.color as string };
  if (b.type === 'gradient' && colorStops(b.stops)) {
    return {
      type: 'gradient',
      angle: typeof b.angle === 'number' && Number.isFinite(b.angle) ? b.angle : 90,
      stops: (b.stops as { offset: number; color: string }[]).map((s) => ({
        offset: s.offset,
        color: s.color,
      })),
    };
  }
  if (b.type === 'image' && typeof b.url === 'string' && isAllowedAssetUrl(b.url, options.allowedOrigins))
    return { type: 'image', url: b.url };
  if (
    b.type === 'texture' &&
    str(b.textureId, []) !== DROP &&
    str(b.color, []) !== DROP &&
    str(b.background, []) !== DROP
  ) {
    return {
      type: 'texture',
      textureId: b.textureId as string,
      color: b.color as string,
      background: b.background as string,
    };
  }
  options.removed?.push('background');
  return fallback;
}

/**
 * Parses (when given a string), migrates (`migrateDocument`) and schema-validates a document against a
 * strict whitelist: only known object types (rect, circle, ellipse, triangle, polygon, polyline, line,
 * path, text/textbox, image, group) and known properties survive; unknown properties, event handlers,
 * script-like strings, pattern fills and images not on `/media/...`/same-origin/`allowedOrigins` are removed.
 * Width and height must be 1..10000 pixels.
 * @throws DocumentError when the JSON does not parse or the document has no usable size.
 */
export function sanitizeDocumentJson(json: string | unknown, options: SanitizeOptions = {}): PosterDocument {
  let input: unknown = json;
  if (typeof json === 'string') {
    try {
      input = JSON.parse(json);
    } catch {
      throw new DocumentError('document is not valid JSON');
    }
  }
  const doc = migrateDocument(input);
  const opts = { ...options, allowedOrigins: options.allowedOrigins ?? [] };
  const size = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v >= 1 && v <= 10_000;
  if (!size(doc.width) || !size(doc.height))
    throw new DocumentError('document width and height must be 1..10000 pixels');
  const objects = (Array.isArray(doc.objects) ? doc.objects : [])
    .map((o, i) => sanitizeObject(o, opts, `objects[${i}]`))
    .filter((o): o is ObjectData => o !== null);
  return {
    schemaVersion: SCHEMA_VERSION,
    width: doc.width,
    height: doc.height,
    background: sanitizeBackground(doc.background, opts),
    objects,
  };
}
