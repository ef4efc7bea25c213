import type { LayerInfo, TemplateDefinition } from '@cc/canvas-engine';

/** Templates made for this size (pixels), or all of them when `all`. */
export function templatesForSize(
  templates: TemplateDefinition[],
  size: { width: number; height: number },
  all = false,
): TemplateDefinition[] {
  if (all) return templates;
  return templates.filter((t) => t.document.width === size.width && t.document.height === size.height);
}

/**
 * The layer list is top-most first; the engine's `arrange.moveTo` index counts from the bottom (0).
 * @returns the stack index for a row dropped at `listIndex` of a list of `count` layers
 */
export function listIndexToStackIndex(listIndex: number, count: number): number {
  return Math.max(0, Math.min(count - 1, count - 1 - listIndex));
}

/** Ids of the layers in list order after moving the row `from` to `to` (both list indexes). */
export function reorderIds(layers: LayerInfo[], from: number, to: number): string[] {
  const ids = layers.map((l) => l.id);
  const [moved] = ids.splice(from, 1);
  if (moved !== undefined) ids.splice(to, 0, moved);
  return ids;
}

/** The design's name for a new design: "<untitled> <yyyy-mm-dd hh:mm>" fits the 40-character rule. */
export function defaultDesignName(untitled: string, now: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const stamp = `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())} ${p(now.getHours())}:${p(now.getMinutes())}`;
  return [...`${untitled} ${stamp}`].slice(0, 40).join('');
}

/** A file name for an export: the design name without characters file systems refuse. */
export function exportFileName(name: string, ext: string, scale?: number): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  const base = name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_').trim() || 'poster';
  return scale ? `${base}@${scale}x.${ext}` : `${base}.${ext}`;
}

/**
 * Autosave timing (issue #4): a save runs `debounceMs` after the last change, and at least every
 * `intervalMs` while there are unsaved changes. Only one save runs at a time; a change during a save
 * schedules another one after it. `isDirty` and `save` are supplied by the page.
 */
export class AutosaveScheduler {
  private debounce: ReturnType<typeof setTimeout> | null = null;
  private interval: ReturnType<typeof setInterval> | null = null;
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly opts: {
      isDirty: () => boolean;
      save: () => Promise<void>;
      debounceMs?: number;
      intervalMs?: number;
    },
  ) {}

  /** Starts the 30-second timer. */
  start(): void {
    this.stop();
    this.interval = setInterval(() => void this.flush(), this.opts.intervalMs ?? 30_000);
  }

  /** Call after every change: (re)starts the debounce. */
  changed(): void {
    if (this.debounce) clearTimeout(this.debounce);
    this.debounce = setTimeout(() => {
      this.debounce = null;
      void this.flush();
    }, this.opts.debounceMs ?? 2_000);
  }

  /** Saves now when dirty (or queues one more save after a running one). Never rejects. */
  async flush(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    if (!this.opts.isDirty()) return;
    this.running = this.opts
      .save()
      .catch(() => undefined)
      .finally(() => {
        this.running = null;
      });
    await this.running;
    if (this.again) {
      this.again = false;
      await this.flush();
    }
  }

  /** Stops both timers. */
  stop(): void {
    if (this.debounce) clearTimeout(this.debounce);
    if (this.interval) clearInterval(this.interval);
    this.debounce = null;
    this.interval = null;
  }
}

/**
 * Scales a picture down so its longest side is at most `maxSide` pixels (thumbnails; the engine
 * exports at 1×–3× only). Resolves the input unchanged when it is already small enough.
 */
export async function downscaleImage(blob: Blob, maxSide = 360, type = 'image/png'): Promise<Blob> {
  const bitmap = await createImageBitmap(blob);
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
  if (scale === 1) return blob;
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const ctx = canvas.getContext('2d');
  if (!ctx) return blob;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return new Promise((resolve) => canvas.toBlob((b) => resolve(b ?? blob), type, 0.9));
}

/** fabric's type names (lower-case in state, e.g. `textbox`, `i-text`) → the i18n key under `editor.ui.layers.type`. */
const TYPE_KEYS: Record<string, string> = {
  textbox: 'Textbox',
  'i-text': 'IText',
  itext: 'IText',
  text: 'Text',
  rect: 'Rect',
  circle: 'Circle',
  ellipse: 'Ellipse',
  triangle: 'Triangle',
  polygon: 'Polygon',
  polyline: 'Polyline',
  line: 'Line',
  path: 'Path',
  image: 'Image',
  fabricimage: 'FabricImage',
  group: 'Group',
};

/** The i18n key of a layer type, whatever the case fabric reports it in. */
export function layerTypeKey(type: string): string {
  return `editor.ui.layers.type.${TYPE_KEYS[type.toLowerCase()] ?? 'Path'}`;
}
