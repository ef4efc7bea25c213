import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

/**
 * Server-side HTML sanitizer (DOMPurify on a jsdom window) for article bodies and notices. Only the
 * tags the TipTap editor produces survive (issue #2); scripts, event handlers, styles and `javascript:`
 * URLs never reach the database.
 */

const window = new JSDOM('').window;
const purify = createDOMPurify(window);

const ALLOWED_TAGS = [
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'strong',
  'em',
  's',
  'u',
  'blockquote',
  'ul',
  'ol',
  'li',
  'img',
  'a',
  'br',
  'hr',
  'code',
  'pre',
];
const ALLOWED_ATTR = ['src', 'alt', 'width', 'height', 'href'];

// Links open safely; only http(s), mailto and same-site paths are allowed as URLs (DOMPurify's default
// URI check already drops javascript:).
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('rel', 'noopener noreferrer nofollow');
    node.setAttribute('target', '_blank');
  }
});

const SAFE_URI = /^(?:https?:|mailto:|\/(?!\/)|#)/i;

/**
 * Sanitizes HTML to the editor's tag set: p, h1–h4, strong, em, s, u, blockquote, ul, ol, li,
 * img[src alt width height], a[href], br, hr, code, pre.
 * @returns the safe HTML (may be empty)
 */
export function sanitizeHtml(html: string): string {
  return purify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: [...ALLOWED_ATTR, 'rel', 'target'],
    ALLOWED_URI_REGEXP: SAFE_URI,
    ALLOW_DATA_ATTR: false,
  });
}
