import { cache } from 'fabric';
import type { FontEntry, FontStatus } from './types';

/** Families the browser always has; they need no loading and are never embedded. */
export const SYSTEM_FONTS = [
  'sans-serif',
  'serif',
  'monospace',
  'Arial',
  'Helvetica',
  'Times New Roman',
  'Microsoft YaHei',
  'PingFang SC',
];

/**
 * How long one font file may take before it counts as failed, milliseconds: a stalled request would otherwise
 * keep 正在加载字体 on screen for ever (seen in CI, issue #13 note); the author retries with 字体加载失败，请重试.
 */
export const FONT_LOAD_TIMEOUT_MS = 20_000;

/**
 * Resolves with `promise`, or rejects after `ms` milliseconds (the timer is cleared either way).
 * @throws Error('font load timed out') after `ms`
 */
export function withTimeLimit<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('font load timed out')), ms);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

/**
 * Loads shipped fonts with the FontFace API and tracks their state (idle → loading → loaded | failed)
 * so the UI can show 正在加载字体，您耐心等候... / 字体加载失败，请重试 (spec §8).
 */
export class FontLoader {
  private status = new Map<string, FontStatus>();
  private inflight = new Map<string, Promise<boolean>>();

  constructor(
    readonly registry: FontEntry[],
    private readonly onChange: () => void,
    private readonly timeoutMs: number = FONT_LOAD_TIMEOUT_MS,
  ) {}

  /** The registry entry of a family, if shipped. */
  find(family: string): FontEntry | undefined {
    return this.registry.find((f) => f.family === family);
  }

  /** Status of every family that was asked for. */
  snapshot(): Record<string, FontStatus> {
    return Object.fromEntries(this.status);
  }

  /**
   * Loads `family` (no-op for system fonts and already loaded ones). Resolves true when usable, false when
   * the file failed to load or took longer than the time limit (status `failed`; calling again retries). Families not in the registry and
   * not system fonts fail.
   */
  load(family: string): Promise<boolean> {
    if (SYSTEM_FONTS.includes(family) || this.status.get(family) === 'loaded') return Promise.resolve(true);
    const running = this.inflight.get(family);
    if (running) return running;
    const entry = this.find(family);
    if (!entry) {
      this.set(family, 'failed');
      return Promise.resolve(false);
    }
    this.set(family, 'loading');
    const task = (async () => {
      try {
        const face = new FontFace(family, `url(${JSON.stringify(entry.url)})`);
        await withTimeLimit(face.load(), this.timeoutMs);
        document.fonts.add(face);
        // fabric caches glyph widths per family; measured with the fallback font they would be wrong.
        cache.clearFontCache(family);
        this.set(family, 'loaded');
        return true;
      } catch {
        this.set(family, 'failed');
        return false;
      } finally {
        this.inflight.delete(family);
      }
    })();
    this.inflight.set(family, task);
    return task;
  }

  private set(family: string, status: FontStatus): void {
    this.status.set(family, status);
    this.onChange();
  }
}

/** Reads a URL as a data URL (for SVG font embedding). @throws Error on HTTP failure. */
export async function fetchAsDataUrl(url: string): Promise<string> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`font fetch failed: ${res.status} ${url}`);
  const blob = await res.blob();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}

/** MIME type of a font file by extension (for the `format()` hint of @font-face). */
export function fontFormat(url: string): string {
  if (/\.woff2(\?|$)/i.test(url)) return 'woff2';
  if (/\.woff(\?|$)/i.test(url)) return 'woff';
  if (/\.otf(\?|$)/i.test(url)) return 'opentype';
  return 'truetype';
}
