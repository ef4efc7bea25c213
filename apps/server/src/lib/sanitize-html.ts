import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import sanitizeLib from 'sanitize-html';

/**
 * Server-side HTML sanitizer for article bodies and notices (issue #2; issue #8 item 3 and item 10).
 * `sanitize-html` on htmlparser2 (a streaming parser, no DOM, no jsdom): cost grows linearly with the size
 * of the markup once nesting is bounded. Only the tags the TipTap editor produces survive; scripts, event
 * handlers, styles and URLs other than http(s), mailto and same-site paths never reach the database.
 *
 * Article bodies are sanitised off the event loop (`processBodyOffThread`, one worker thread, with the
 * plain-text extraction the review needs): a maximal body takes about a second of CPU, and no author may
 * stall the server for the others (issue #8 item 3; `content.routes.test.ts` holds the event-loop guard).
 */

/** Deepest element nesting a body may have (opening tags not yet closed); deeper markup is refused. */
export const HTML_MAX_DEPTH = 64;

/** The tags that survive (the editor's set). */
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

/**
 * Elements removed together with their content (DOMPurify's FORBID_CONTENTS, kept from the sanitizer this one
 * replaces): every other disallowed tag is removed and its text kept.
 */
const NON_TEXT_TAGS = [
  'annotation-xml',
  'audio',
  'colgroup',
  'desc',
  'foreignobject',
  'head',
  'iframe',
  'math',
  'mi',
  'mn',
  'mo',
  'ms',
  'mtext',
  'noembed',
  'noframes',
  'noscript',
  'plaintext',
  'script',
  'style',
  'svg',
  'template',
  'textarea',
  'thead',
  'title',
  'video',
  'xmp',
];

/** Link targets: http(s), mailto, a same-site path (not `//host`) or a fragment. */
const SAFE_URI = /^(?:https?:|mailto:|\/(?!\/)|#)/i;

/**
 * Image sources: only this product's resized media (`/media/img/{w}x{h}/{key}`, API.md §4; key
 * `[a-z0-9/_.-]`, no `..` segment). External and `data:` images are dropped, so readers are never tracked by a
 * third party (issue #8 item 10); nothing is rehosted.
 */
export const BODY_IMAGE_SRC =
  /^\/media\/img\/\d{1,5}x\d{1,5}\/(?!(?:.*\/)?\.\.(?:\/|$))[a-z0-9_.-]+(?:\/[a-z0-9_.-]+)*$/;

/** Characters browsers ignore inside a URL attribute (DOMPurify's ATTR_WHITESPACE), stripped before checks. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const ATTR_WHITESPACE = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/g;

/** The rules as plain data (the worker thread imports this module, so both threads build the same sanitizer). */
interface Rules {
  allowedTags: string[];
  nonTextTags: string[];
  safeUri: string;
  imageSrc: string;
  attrWhitespace: string;
  maxDepth: number;
}

const RULES: Rules = {
  allowedTags: ALLOWED_TAGS,
  nonTextTags: NON_TEXT_TAGS,
  safeUri: SAFE_URI.source,
  imageSrc: BODY_IMAGE_SRC.source,
  attrWhitespace: ATTR_WHITESPACE.source,
  maxDepth: HTML_MAX_DEPTH,
};

/** Thrown (by message) when markup nests deeper than `HTML_MAX_DEPTH`; callers turn it into a 10007. */
export const HTML_TOO_DEEP = 'HTML_TOO_DEEP';

/** The error both sanitizers throw for markup nested deeper than `HTML_MAX_DEPTH`. */
export class HtmlTooDeepError extends Error {
  constructor() {
    super(HTML_TOO_DEEP);
    this.name = 'HtmlTooDeepError';
  }
}

/**
 * Builds the sanitize function from the library and the rules; `sanitize-worker.ts` runs the same function
 * through `sanitizeHtml`, so both threads apply the same rules.
 * Allowed: p, h1–h4, strong, em, s, u, blockquote, ul, ol, li, img[src alt width height] (src: our media
 * only), a[href] (+ rel="noopener noreferrer nofollow" target="_blank"), br, hr, code, pre.
 * Throws an Error whose message is `HTML_TOO_DEEP` when nesting passes `rules.maxDepth` (the parse stops).
 */
function createSanitizer(lib: typeof sanitizeLib, rules: Rules): (html: string) => string {
  const safeUri = new RegExp(rules.safeUri, 'i');
  const imageSrc = new RegExp(rules.imageSrc);
  const whitespace = new RegExp(rules.attrWhitespace, 'g');
  const clean = (v: string | undefined) => (v ?? '').replace(whitespace, '');
  const once = (html: string) => {
    let depth = 0;
    return lib(html, {
      allowedTags: rules.allowedTags,
      allowedAttributes: { a: ['href', 'rel', 'target'], img: ['src', 'alt', 'width', 'height'] },
      nonTextTags: rules.nonTextTags,
      allowedSchemes: ['http', 'https', 'mailto'],
      allowedSchemesByTag: { img: [] },
      allowedSchemesAppliedToAttributes: ['href', 'src'],
      allowProtocolRelative: false,
      allowVulnerableTags: false,
      parseStyleAttributes: false,
      transformTags: {
        a: (_tag, attribs): sanitizeLib.Tag =>
          safeUri.test(clean(attribs.href))
            ? {
                tagName: 'a',
                attribs: { href: attribs.href!, rel: 'noopener noreferrer nofollow', target: '_blank' },
              }
            : { tagName: 'a', attribs: {} },
        img: (_tag, attribs) => {
          if (!imageSrc.test(clean(attribs.src))) return { tagName: 'img', attribs: {} };
          const kept: Record<string, string> = { src: attribs.src! };
          for (const name of ['alt', 'width', 'height']) if (name in attribs) kept[name] = attribs[name]!;
          return { tagName: 'img', attribs: kept };
        },
      },
      // an image whose source was refused is removed entirely (an empty <img> is noise)
      exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
      onOpenTag: () => {
        depth += 1;
        if (depth > rules.maxDepth) throw new Error('HTML_TOO_DEEP');
      },
      onCloseTag: () => {
        depth -= 1;
      },
    });
  };
  // One pass is not always a fixed point: htmlparser2 reads `<p><A<p><p>` as a `<p>` inside an unknown tag inside
  // a `<p>`, so the unknown tag's removal leaves `<p><p></p></p>`, which the next parse reads as three paragraphs.
  // Stored markup must read back the same (the editor re-saves it), so passes repeat until the output is stable;
  // clean markup costs one extra linear pass, and the bound keeps hostile input linear too.
  return (html: string) => {
    let out = once(html);
    for (let pass = 1; pass < SANITIZE_MAX_PASSES; pass += 1) {
      const again = once(out);
      if (again === out) break;
      out = again;
    }
    return out;
  };
}

/** Most sanitize passes per call (each a linear parse); three reached a fixed point on every input seen. */
const SANITIZE_MAX_PASSES = 4;

const sanitizeHere = createSanitizer(sanitizeLib, RULES);

/**
 * Sanitizes HTML to the editor's tag set on the calling thread. For operator input (notices, the CLI) and
 * tests; request handlers use `sanitizeHtmlOffThread`.
 * @returns the safe HTML (may be empty)
 * @throws HtmlTooDeepError when elements nest deeper than `HTML_MAX_DEPTH`
 */
export function sanitizeHtml(html: string): string {
  try {
    return sanitizeHere(html);
  } catch (err) {
    if (err instanceof Error && err.message === HTML_TOO_DEEP) throw new HtmlTooDeepError();
    throw err;
  }
}

/*
 * THE WORKER (issue #8 item 3): one thread, created on first use and unref'd while idle (it never keeps the
 * process alive), running `sanitize-worker.ts`, a real module that imports this file: the same rules, the same
 * `sanitizeHtml`, no second copy and no source text shipped as a string (the `Function.toString()` this
 * replaces depended on how the code was transformed, e.g. esbuild's `__name` wrappers).
 * Where the entry is: next to the running module. In the compiled server `import.meta.url` is `dist/main.js`
 * and `apps/server/build.mjs` bundles the worker as its second entry point, `dist/sanitize-worker.js`; under
 * tsx (development) and vitest it is `src/lib/sanitize-html.ts`, and the worker loads `sanitize-worker.ts`
 * through tsx's require hook. `lib/sanitize-worker.test.ts` runs the bundled worker the way the compiled server does.
 * Jobs queue in the thread; a crash rejects the jobs in flight and the next call starts a new thread.
 */

/** One job for the worker: the body as sent, and whether the review needs its reader-visible text. */
export interface BodyJob {
  id: number;
  html: string;
  text: boolean;
}

/** The worker's answer: the stored HTML and (when asked) `htmlToPlainText` of it, or the error's message. */
export interface BodyResult {
  id: number;
  html?: string;
  text?: string;
  error?: string;
}

/** A body as stored, and its reader-visible text when it was asked for. */
export interface ProcessedBody {
  html: string;
  text?: string;
}

type Pending = { resolve: (result: ProcessedBody) => void; reject: (err: Error) => void };
let worker: Worker | undefined;
const pending = new Map<number, Pending>();
let nextId = 1;

function failAll(err: Error) {
  for (const job of pending.values()) job.reject(err);
  pending.clear();
  worker = undefined;
}

/**
 * How to start the worker: `sanitize-worker.js` beside the bundle, or `sanitize-worker.ts` beside this source
 * file behind tsx's in-thread (CommonJS) hook: Node 20 applies no `--import` loader inside a worker thread.
 * @param base the running module's URL (`import.meta.url`)
 */
export function sanitizeWorkerEntry(base: string = import.meta.url): { source: string | URL; eval: boolean } {
  if (!base.endsWith('.ts')) return { source: new URL('./sanitize-worker.js', base), eval: false };
  const tsx = createRequire(base).resolve('tsx/cjs/api');
  const entry = fileURLToPath(new URL('./sanitize-worker.ts', base));
  return {
    source: `require(${JSON.stringify(tsx)}).register();\nrequire(${JSON.stringify(entry)});`,
    eval: true,
  };
}

function getWorker(): Worker {
  if (worker) return worker;
  const entry = sanitizeWorkerEntry();
  const w = new Worker(entry.source, { eval: entry.eval });
  w.unref();
  w.on('message', (msg: BodyResult) => {
    const job = pending.get(msg.id);
    if (!job) return;
    pending.delete(msg.id);
    if (pending.size === 0) w.unref();
    if (msg.error === HTML_TOO_DEEP) job.reject(new HtmlTooDeepError());
    else if (msg.error !== undefined) job.reject(new Error(`sanitizer failed: ${msg.error}`));
    else job.resolve({ html: msg.html ?? '', ...(msg.text !== undefined ? { text: msg.text } : {}) });
  });
  w.on('error', (err) => failAll(err));
  w.on('exit', () => {
    if (worker === w) failAll(new Error('sanitizer thread exited'));
  });
  worker = w;
  return w;
}

/**
 * The whole size-dependent part of storing an article body, on the worker thread in one message (issue #8
 * item 3): `sanitizeHtml`, and with `opts.text` the reader-visible text of the result (`htmlToPlainText`),
 * which the review counts and searches. The event loop only posts the string and receives the answer.
 * @param html at most the caller's markup limit (article bodies: `BODY_MARKUP_MAX` characters)
 * @param opts.text also return the plain text of the sanitised HTML
 * @throws HtmlTooDeepError when elements nest deeper than `HTML_MAX_DEPTH`; Error when the thread fails
 */
export function processBodyOffThread(html: string, opts: { text?: boolean } = {}): Promise<ProcessedBody> {
  return new Promise((resolve, reject) => {
    const w = getWorker();
    const job: BodyJob = { id: nextId++, html, text: opts.text === true };
    pending.set(job.id, { resolve, reject });
    w.ref();
    w.postMessage(job);
  });
}

/**
 * `sanitizeHtml` on the worker thread: the event loop stays free while a large body is sanitised. Same
 * rules, same output.
 * @returns the safe HTML (may be empty)
 * @throws HtmlTooDeepError when elements nest deeper than `HTML_MAX_DEPTH`; Error when the thread fails
 */
export async function sanitizeHtmlOffThread(html: string): Promise<string> {
  return (await processBodyOffThread(html)).html;
}
