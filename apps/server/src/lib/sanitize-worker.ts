import { parentPort } from 'node:worker_threads';
import { htmlToPlainText } from '@cc/contracts';
import {
  type BodyJob,
  type BodyResult,
  HTML_TOO_DEEP,
  HtmlTooDeepError,
  sanitizeHtml,
} from './sanitize-html.js';

/**
 * The sanitizer's worker thread (issue #8 item 3; started by `processBodyOffThread` in ./sanitize-html.ts,
 * which explains where this file is found in development and in the compiled server, `dist/sanitize-worker.js`).
 * Each message is one article body: sanitised with the same `sanitizeHtml` the main thread has, and its
 * reader-visible text extracted when the review needs it, so nothing that grows with the body runs on the
 * event loop but posting the string and receiving the answer.
 */
if (!parentPort) throw new Error('sanitize-worker runs only as a worker thread');
const port = parentPort;
port.on('message', (job: BodyJob) => {
  let answer: BodyResult;
  try {
    const html = sanitizeHtml(job.html);
    answer = job.text ? { id: job.id, html, text: htmlToPlainText(html) } : { id: job.id, html };
  } catch (err) {
    answer = {
      id: job.id,
      error: err instanceof HtmlTooDeepError ? HTML_TOO_DEEP : String((err as Error)?.message),
    };
  }
  port.postMessage(answer);
});
