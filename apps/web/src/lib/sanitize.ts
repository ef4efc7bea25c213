import DOMPurify from 'dompurify';

/**
 * Sanitizes HTML for display (preview, notices): the server stores sanitized HTML, but the client
 * never trusts it with innerHTML unchecked. Links open safely; scripts, handlers and iframes go.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'iframe', 'form', 'input'],
    FORBID_ATTR: ['style'],
  });
}
