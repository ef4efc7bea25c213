import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cleanHtmlParamSchema, DOCUMENT_MAX_BYTES, importedHtmlSchema, MB } from '@cc/contracts';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { envelopeResponses, requestLanguage } from '../../plugins/envelope.js';
import { requireUser, requireUserGuid } from '../../plugins/session.js';
import { signedRoute } from '../../plugins/signature.js';
import type { ObjectStorage } from '../../storage/storage.js';
import { cleanPastedHtml, importDocument } from './docimport.service.js';

/**
 * Article import (issue #15 "Article helper routes"; docs/api.md "Article import"): a document converted on the
 * server (`POST /fileservice/document`, multipart like the image upload of API.md §8) and pasted rich text
 * (`POST /api/article/clean_html`), both cleaned by the article sanitizer. `clock` is unused (nothing is dated).
 */
export default async function docimportRoutes(
  app: FastifyInstance,
  opts: { db: Db; config: AppConfig; clock: () => Date; storage: ObjectStorage },
): Promise<void> {
  const { db, storage } = opts;

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/article/clean_html',
      param: cleanHtmlParamSchema,
      summary: 'Clean HTML pasted into the article editor with the article sanitizer (extension)',
      tags: ['article'],
      data: importedHtmlSchema,
    },
    async (param, request) => {
      requireUser(request);
      return cleanPastedHtml(param.html, requestLanguage(request));
    },
  );

  // Encapsulated: this scope's multipart parser has the document's limits (one file, DOCUMENT_MAX_BYTES).
  await app.register(multipart, {
    limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024 },
  });

  const uploadDocument = async (request: FastifyRequest) => {
    const user = requireUserGuid(request);
    if (!request.isMultipart()) throw AppError.validation([{ path: 'file', code: 'IMPORT_MULTIPART' }]);
    let bytes: Buffer | null = null;
    let fileName = '';
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          fileName = part.filename ?? '';
          bytes = await part.toBuffer();
        }
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE')
        throw new AppError('TOO_LARGE', {
          code: 'IMPORT_DOC_TOO_LARGE',
          params: { mb: DOCUMENT_MAX_BYTES / MB },
        });
      if (code === 'FST_FILES_LIMIT') throw AppError.validation([{ path: 'file', code: 'IMAGE_ONE_FILE' }]);
      if (error instanceof AppError) throw error;
      throw AppError.validation([{ path: 'body', code: 'MULTIPART_MALFORMED' }]);
    }
    if (!bytes) throw AppError.validation([{ path: 'file', code: 'FILE_REQUIRED' }]);
    return importDocument({ db, storage }, user.id, bytes, fileName, requestLanguage(request));
  };
  app.post(
    '/fileservice/document',
    {
      schema: {
        summary: 'Import a document (.docx, .txt, .md, .html) as article HTML (multipart, docs/api.md)',
        tags: ['article'],
        response: envelopeResponses(importedHtmlSchema),
      },
    },
    uploadDocument,
  );
}
