/**
 * HTTP byte ranges for video serving (RFC 9110 §14; issue #3 "served with range requests so the player
 * can seek"). One range per request: players ask for one; multipart/byteranges is not offered.
 */

/** What a `Range` header asks of an object of `size` bytes. */
export type RangeRequest =
  /** no Range header (or not a bytes range we understand): send the whole object, 200 */
  | { kind: 'full' }
  /** inclusive byte positions, 206 */
  | { kind: 'partial'; start: number; end: number }
  /** 416 with `Content-Range: bytes *\/size` */
  | { kind: 'unsatisfiable' };

/**
 * Parses a `Range` header against an object of `size` bytes: `bytes=a-b`, `bytes=a-` (to the end) and
 * `bytes=-n` (the last n bytes); an end past the object is clamped. A start at or past the end, an
 * empty suffix, a reversed range or several ranges are unsatisfiable (416). A header that is not a
 * bytes range at all is ignored, as RFC 9110 allows (whole object).
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (!header) return { kind: 'full' };
  const match = /^bytes=(.*)$/i.exec(header.trim());
  if (!match) return { kind: 'full' };
  const spec = match[1]!.trim();
  if (spec.includes(',')) return { kind: 'unsatisfiable' };
  const m = /^(\d*)-(\d*)$/.exec(spec);
  if (!m || (m[1] === '' && m[2] === '')) return { kind: 'unsatisfiable' };
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end };
}
