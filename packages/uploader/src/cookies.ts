/**
 * Reads one cookie by name from `document.cookie`, URI-decoded; '' when absent or outside a browser.
 * The uploader sends the `UserGuid` cookie as `x-user-guid` (API.md §5); the web app reuses this reader.
 */
export function readCookie(name: string): string {
  if (typeof document === 'undefined') return '';
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return '';
}
