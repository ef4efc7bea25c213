/**
 * Where to go after login (API.md §5): `backurl` only when it is a same-origin path — it starts with a
 * single `/` (not `//`, which is protocol-relative, nor `/\`, which browsers treat the same) and
 * carries no scheme or control characters; anything else goes to `/`.
 */
export function safeBackurl(backurl: string | null | undefined): string {
  if (!backurl) return '/';
  if (!backurl.startsWith('/')) return '/';
  if (backurl.startsWith('//') || backurl.startsWith('/\\')) return '/';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(backurl)) return '/';
  if (/^\/[a-z][a-z0-9+.-]*:/i.test(backurl)) return '/';
  return backurl;
}
