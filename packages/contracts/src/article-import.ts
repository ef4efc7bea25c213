import { z } from 'zod';
import { BODY_MARKUP_MAX, MB } from './constants.js';
import { textInputSchema } from './schemas.js';

/**
 * Article helpers: importing a draft from a document or pasted rich text (issue #15 "Article helper routes";
 * docs/api.md "Article import"). Both calls answer HTML already cleaned by the server's article sanitizer (the one
 * `article/publish` applies), for the editor to preview and then replace the body or insert at the cursor. Nothing
 * is saved to the article by these calls; `POST /fileservice/document` stores the document's pictures as the
 * author's own images (the same storage and keys as `POST /fileservice/image`, API.md §8).
 */

/** Largest document `POST /fileservice/document` accepts, bytes (a Word file with pictures; 20 MiB). */
export const DOCUMENT_MAX_BYTES = 20 * MB;
/** Most pictures one imported document may hold (each becomes one stored image). */
export const DOCUMENT_MAX_IMAGES = 50;
/** File name endings the document import reads (`.docx` through mammoth; text, Markdown, HTML as text). */
export const DOCUMENT_EXTENSIONS = ['.docx', '.txt', '.md', '.html', '.htm'] as const;

/** `POST /api/article/clean_html` param: HTML from the clipboard, at most the article body's markup limit. */
export const cleanHtmlParamSchema = z.object({
  html: textInputSchema(BODY_MARKUP_MAX, { multiline: true }),
});
export type CleanHtmlParam = z.infer<typeof cleanHtmlParamSchema>;

/** One note about what the cleaning changed, e.g. pictures from other sites dropped; `message` in the request's language. */
export const importWarningSchema = z.object({
  code: z.string(),
  message: z.string(),
});
export type ImportWarning = z.infer<typeof importWarningSchema>;

/**
 * What an import answers: the cleaned HTML, the notes, the number of reader-visible characters (the article body
 * rule counts these, at most BODY_MAX) and the number of pictures in `html`.
 */
export const importedHtmlSchema = z.object({
  html: z.string(),
  warnings: z.array(importWarningSchema),
  chars: z.number().int(),
  images: z.number().int(),
});
export type ImportedHtml = z.infer<typeof importedHtmlSchema>;

/**
 * Param and data schemas of this area's calls. Spread into `apiDataSchemas` (responses.ts) through
 * `articleImportDataSchemas`.
 */
export const articleImportDataSchemas = {
  '/api/article/clean_html': importedHtmlSchema,
  '/fileservice/document': importedHtmlSchema,
} as const satisfies Record<string, z.ZodType>;
