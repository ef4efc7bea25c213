import { TITLE_MAX, TITLE_MIN, titleLength } from '@cc/contracts';

/** The content assistant's page rules that need no React (issue #14); tested in logic.test.ts. */

/** The assistant's page, leading with `topic` when given (`/contentAssistant?topic=冬季续航`). */
export function assistantPath(topic?: string): string {
  const t = topic?.trim();
  return t ? `/contentAssistant?topic=${encodeURIComponent(t)}` : '/contentAssistant';
}

/** A title's weighted length and whether it is within the rule (6–30, issue #2), as the counter shows it. */
export function titleMeter(title: string): { length: number; ok: boolean } {
  const length = titleLength(title.trim());
  return { length, ok: length >= TITLE_MIN && length <= TITLE_MAX };
}

/** A weighted length as the counter writes it: `18`, `18.5`. */
export function formatTitleLength(length: number): string {
  return Number.isInteger(length) ? String(length) : length.toFixed(1);
}

/** How long the page waits for one cover image to report its size, milliseconds. */
export const COVER_MEASURE_TIMEOUT_MS = 5000;

/**
 * The pixel size of an image at `url` as the browser loads it (a cover of a picked work, for the check's cover
 * rules); null when it fails or takes longer than `COVER_MEASURE_TIMEOUT_MS`.
 */
export function measureImage(url: string): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const img = new Image();
    const timer = setTimeout(() => resolve(null), COVER_MEASURE_TIMEOUT_MS);
    img.onload = () => {
      clearTimeout(timer);
      resolve(img.naturalWidth > 0 ? { width: img.naturalWidth, height: img.naturalHeight } : null);
    };
    img.onerror = () => {
      clearTimeout(timer);
      resolve(null);
    };
    img.src = url;
  });
}
