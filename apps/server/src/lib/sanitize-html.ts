import { createRequire } from 'node:module';
import createDOMPurify, { type DOMPurify } from 'dompurify';
import type { JSDOM as JSDOMClass } from 'jsdom';

/**
 * Server-side HTML sanitizer (DOMPurify on a jsdom window) for article bodies and notices. Only the
 * tags the TipTap editor produces survive (issue #2); scripts, event handlers, styles and `javascript:`
 * URLs never reach the database.
 */

const requireCjs = createRequire(import.meta.url);
let purifier: DOMPurify | undefined;

/**
 * DOMPurify on a jsdom window, built on the first sanitize (issue #7: jsdom is ≈ 40 MiB of modules and heap
 * that a server which never saves an article or notice does not need at start). Synchronous (CommonJS
 * `require`) so that sanitizeHtml stays synchronous.
 */
function purify(): DOMPurify {
  if (purifier) return purifier;
  const { JSDOM } = requireCjs('jsdom') as { JSDOM: typeof JSDOMClass };
  const instance = createDOMPurify(new JSDOM('').window);
  // Links open safely; only http(s), mailto and same-site paths are allowed as URLs (DOMPurify's default
  // URI check already drops javascript:).
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('rel', 'noopener noreferrer nofollow');
      node.setAttribute('target', '_blank');
    }
  });
  purifier = instance;
  return instance;
}

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

const SAFE_URI = /^(?:https?:|mailto:|\/(?!\/)|#)/i;

/**
 * Sanitizes HTML to the editor's tag set: p, h1–h4, strong, em, s, u, blockquote, ul, ol, li,
 * img[src alt width height], a[href], br, hr, code, pre.
 * @returns the safe HTML (may be empty)
 */
export function sanitizeHtml(html: string): string {
  return purify().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: [...ALLOWED_ATTR, 'rel', 'target'],
    ALLOWED_URI_REGEXP: SAFE_URI,
    ALLOW_DATA_ATTR: false,
  });
}
