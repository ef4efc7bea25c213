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

/**
 * The prefix DOMPurify gives every `id` of sanitized rule HTML ({@link sanitizeRuleHtml}): a heading's id
 * `length` is `user-content-length` in the page, so no section of a rule can clobber a DOM property
 * (`document.images`, `form.length`) or collide with an id of the app.
 */
export const RULE_ID_PREFIX = 'user-content-';

/**
 * Sanitizes a rule's HTML (issue #11 rule centre; the server sanitized it already, the client checks again like
 * every server HTML): as {@link sanitizeHtml}, and heading ids kept under {@link RULE_ID_PREFIX} — DOMPurify would
 * otherwise drop ids such as `length` or `images` that name DOM properties.
 */
export function sanitizeRuleHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'iframe', 'form', 'input', 'img'],
    FORBID_ATTR: ['style'],
    SANITIZE_NAMED_PROPS: true,
  });
}
