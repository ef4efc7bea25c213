import type Mammoth from 'mammoth';
import MarkdownIt from 'markdown-it';
import {
  BODY_MARKUP_MAX,
  BODY_MAX,
  DOCUMENT_EXTENSIONS,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MAX_IMAGES,
  htmlToPlainText,
  MB,
  renderMessage,
  type ImportedHtml,
  type ImportWarning,
  type MessageArg,
  type MessageLanguage,
  type ServerMessageCode,
} from '@cc/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { HTML_MAX_DEPTH, HtmlTooDeepError, sanitizeHtmlOffThread } from '../../lib/sanitize-html.js';
import type { ObjectStorage } from '../../storage/storage.js';
import { recordUploadedImage, saveUploadedImage } from '../media/media.service.js';

/**
 * Importing a draft into the article editor (issue #15 "Article helper routes", `/article/getData` and
 * `/article/upLayer/upFile`; docs/api.md "Article import"). Everything ends in the article sanitizer the
 * publish call applies (`lib/sanitize-html.ts`), so an import can hold nothing a published body could not.
 */

/** The editor has h2 and h3 only (TipTap `levels: [2, 3]`): Word's heading levels map onto them. */
const STYLE_MAP = [
  "p[style-name='Title'] => h2:fresh",
  "p[style-name='Heading 1'] => h2:fresh",
  "p[style-name='Heading 2'] => h3:fresh",
  "p[style-name='Heading 3'] => h3:fresh",
  "p[style-name='Heading 4'] => h3:fresh",
];

let mammothModule: Promise<typeof Mammoth> | undefined;

/**
 * mammoth, imported on the first `.docx` (issue #16: ≈ 15 MiB of resident memory a server that imports no
 * Word document does not need at start). Memoised, so concurrent first imports share one load.
 */
function loadMammoth(): Promise<typeof Mammoth> {
  return (mammothModule ??= import('mammoth').then((m) => m.default));
}

/** Where a picture of the document goes before it is stored: replaced by its `/media/img/` URL after the checks. */
const PENDING_IMAGE = (i: number) => `/media/img/0x0/pending-import/${i}.png`;
const PENDING_IMAGE_RE = /\/media\/img\/0x0\/pending-import\/(\d+)\.png/g;

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** OLE compound file: an old `.doc`, or an encrypted (password-protected) `.docx`. */
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** The stream an encrypted OOXML package keeps its key data in (MS-OFFCRYPTO), named in UTF-16LE. */
const ENCRYPTION_INFO = Buffer.from('EncryptionInfo', 'utf16le');

const markdown = new MarkdownIt({ html: false, linkify: false });

/** What a document import needs: the database and media storage, the author, the language of the notes. */
export interface ImportDeps {
  db: Db;
  storage: ObjectStorage;
}

const warning = (code: ServerMessageCode, lang: MessageLanguage, params?: Record<string, unknown>) => ({
  code,
  message: renderMessage((params ? { code, params } : code) as MessageArg, lang),
});

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Plain text → paragraphs: a blank line ends a paragraph, a single line break stays a `<br>`. */
export function textToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

const countImages = (html: string) => (html.match(/<img\b/gi) ?? []).length;

/** Decodes UTF-8 (a BOM is dropped). @throws VALIDATION_FAILED IMPORT_DOC_NOT_TEXT for other bytes */
function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw AppError.validation([{ path: 'file', code: 'IMPORT_DOC_NOT_TEXT' }]);
  }
}

/**
 * Sanitizes imported HTML with the article sanitizer and checks it against the body limits.
 * @param html converted or pasted markup (at most BODY_MARKUP_MAX characters reach the sanitizer)
 * @param extraWarnings notes the conversion already made
 * @returns the cleaned HTML, the notes, its reader-visible characters and pictures
 * @throws VALIDATION_FAILED (10007) IMPORT_MARKUP_TOO_LONG over BODY_MARKUP_MAX characters of markup,
 *   BODY_TOO_DEEP nested deeper than HTML_MAX_DEPTH, IMPORT_TOO_LONG over BODY_MAX characters of text,
 *   IMPORT_EMPTY when nothing is left
 */
export async function cleanImportedHtml(
  html: string,
  lang: MessageLanguage,
  extraWarnings: ImportWarning[] = [],
  path = 'html',
): Promise<ImportedHtml> {
  if (html.length > BODY_MARKUP_MAX)
    throw AppError.validation([
      { path, code: 'IMPORT_MARKUP_TOO_LONG', params: { chars: html.length, max: BODY_MARKUP_MAX } },
    ]);
  let clean: string;
  try {
    clean = await sanitizeHtmlOffThread(html);
  } catch (err) {
    if (!(err instanceof HtmlTooDeepError)) throw err;
    throw AppError.validation([{ path, code: 'BODY_TOO_DEEP', params: { max: HTML_MAX_DEPTH } }]);
  }
  const chars = [...htmlToPlainText(clean)].length;
  const images = countImages(clean);
  if (chars > BODY_MAX)
    throw AppError.validation([{ path, code: 'IMPORT_TOO_LONG', params: { chars, max: BODY_MAX } }]);
  if (chars === 0 && images === 0) throw AppError.validation([{ path, code: 'IMPORT_EMPTY' }]);
  const warnings = [...extraWarnings];
  const droppedImages = countImages(html) - images;
  if (droppedImages > 0)
    warnings.push(warning('IMPORT_WARN_EXTERNAL_IMAGES', lang, { count: droppedImages }));
  if (/<table\b/i.test(html)) warnings.push(warning('IMPORT_WARN_TABLES', lang));
  if (/<(script|style|iframe)\b|\son[a-z]+\s*=|javascript:/i.test(html))
    warnings.push(warning('IMPORT_WARN_REMOVED', lang));
  return { html: clean, warnings, chars, images };
}

/**
 * `POST /api/article/clean_html` (docs/api.md "Article import"): HTML pasted from the clipboard, cleaned by the
 * article sanitizer. Pictures from other sites are dropped (never rehosted, issue #8 item 10) and counted in a note.
 * @throws as `cleanImportedHtml`
 */
export function cleanPastedHtml(html: string, lang: MessageLanguage): Promise<ImportedHtml> {
  return cleanImportedHtml(html, lang);
}

/** Which reader a file goes to: by its bytes first (zip / OLE), then by its name's ending. */
function kindOf(bytes: Buffer, fileName: string): 'docx' | 'text' | 'markdown' | 'html' {
  const ext = (fileName.toLowerCase().match(/\.[a-z0-9]+$/) ?? [''])[0];
  if (bytes.subarray(0, 8).equals(OLE_MAGIC)) {
    if (bytes.includes(ENCRYPTION_INFO))
      throw AppError.validation([{ path: 'file', code: 'IMPORT_DOC_ENCRYPTED' }]);
    throw AppError.validation([{ path: 'file', code: 'IMPORT_DOC_OLD_WORD' }]);
  }
  if (ext === '.docx') {
    if (!bytes.subarray(0, 4).equals(ZIP_MAGIC))
      throw AppError.validation([{ path: 'file', code: 'IMPORT_DOC_CORRUPT' }]);
    return 'docx';
  }
  if (ext === '.doc') throw AppError.validation([{ path: 'file', code: 'IMPORT_DOC_OLD_WORD' }]);
  if (!(DOCUMENT_EXTENSIONS as readonly string[]).includes(ext) || bytes.subarray(0, 4).equals(ZIP_MAGIC))
    throw AppError.validation([{ path: 'file', code: 'IMPORT_DOC_TYPE' }]);
  return ext === '.txt' ? 'text' : ext === '.md' ? 'markdown' : 'html';
}

/**
 * Converts an uploaded document into article HTML (`POST /fileservice/document`, docs/api.md "Article import"):
 * - `.docx` through mammoth (headings → h2/h3, bold, italic, lists, links; tables become paragraphs because the
 *   body has no tables); its pictures are stored like `POST /fileservice/image` uploads (the author's own images,
 *   JPEG/PNG/GIF/WebP, the same size checks) — only after every limit passed, so a refused document stores nothing;
 * - `.txt` as paragraphs, `.md` through markdown-it (raw HTML off), `.html` as pasted HTML.
 * The result is cleaned by the article sanitizer (`cleanImportedHtml`).
 * @param bytes the file (at most DOCUMENT_MAX_BYTES; the route's multipart limit enforces it)
 * @param fileName the name the browser sent (decides text / Markdown / HTML; a `.docx` must be a zip)
 * @throws VALIDATION_FAILED (10007): FILE_EMPTY, IMPORT_DOC_TYPE, IMPORT_DOC_OLD_WORD, IMPORT_DOC_ENCRYPTED,
 *   IMPORT_DOC_CORRUPT, IMPORT_DOC_NOT_TEXT, IMPORT_TOO_MANY_IMAGES (over DOCUMENT_MAX_IMAGES) and those of
 *   `cleanImportedHtml`; TOO_LARGE (10010) IMPORT_DOC_TOO_LARGE over DOCUMENT_MAX_BYTES
 */
export async function importDocument(
  deps: ImportDeps,
  userId: number,
  bytes: Buffer,
  fileName: string,
  lang: MessageLanguage,
): Promise<ImportedHtml> {
  if (bytes.length > DOCUMENT_MAX_BYTES)
    throw new AppError('TOO_LARGE', {
      code: 'IMPORT_DOC_TOO_LARGE',
      params: { mb: DOCUMENT_MAX_BYTES / MB },
    });
  if (bytes.length === 0) throw AppError.validation([{ path: 'file', code: 'FILE_EMPTY' }]);
  const kind = kindOf(bytes, fileName);
  if (kind === 'text') return cleanImportedHtml(textToHtml(decodeText(bytes)), lang, [], 'file');
  if (kind === 'markdown') return cleanImportedHtml(markdown.render(decodeText(bytes)), lang, [], 'file');
  if (kind === 'html') return cleanImportedHtml(decodeText(bytes), lang, [], 'file');

  const mammoth = await loadMammoth();
  const pictures: Buffer[] = [];
  let converted: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: bytes },
      {
        styleMap: STYLE_MAP,
        externalFileAccess: false,
        convertImage: mammoth.images.imgElement(async (image) => {
          pictures.push(await image.readAsBuffer());
          // the document's alternative text, else empty (a decorative picture): never no alt at all (axe image-alt)
          const alt = (image as { altText?: string }).altText ?? '';
          return { src: PENDING_IMAGE(pictures.length - 1), alt };
        }),
      },
    );
    converted = result.value;
  } catch {
    throw AppError.validation([{ path: 'file', code: 'IMPORT_DOC_CORRUPT' }]);
  }
  if (pictures.length > DOCUMENT_MAX_IMAGES)
    throw AppError.validation([
      {
        path: 'file',
        code: 'IMPORT_TOO_MANY_IMAGES',
        params: { count: pictures.length, max: DOCUMENT_MAX_IMAGES },
      },
    ]);
  // Every limit of the text first (sanitized with the placeholders in place), then the pictures are stored.
  const checked = await cleanImportedHtml(converted, lang, [], 'file');
  const urls = new Map<number, string>();
  let skipped = 0;
  for (const [i, picture] of pictures.entries()) {
    if (!checked.html.includes(PENDING_IMAGE(i))) continue;
    try {
      const saved = await saveUploadedImage(deps.storage, userId, picture);
      await recordUploadedImage(deps.db, userId, saved);
      urls.set(i, saved.url);
    } catch (err) {
      // EMF/WMF/TIFF drawings, or a picture past the image limits: skipped with a note
      if (!(err instanceof AppError)) throw err;
      skipped += 1;
    }
  }
  const withImages = checked.html.replace(PENDING_IMAGE_RE, (_m, i: string) => urls.get(Number(i)) ?? '');
  const notes = skipped > 0 ? [warning('IMPORT_WARN_IMAGES_SKIPPED', lang, { count: skipped })] : [];
  // the converted markup (for the table note), re-cleaned: a skipped picture's empty src drops its <img>
  const final = await cleanImportedHtml(withImages, lang, notes, 'file');
  if (/<table\b/i.test(converted) && !final.warnings.some((w) => w.code === 'IMPORT_WARN_TABLES'))
    final.warnings.push(warning('IMPORT_WARN_TABLES', lang));
  return final;
}
