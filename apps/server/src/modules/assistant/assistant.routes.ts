import {
  assistantCheckParamSchema,
  assistantCheckSchema,
  assistantStateSchema,
  emptyParamSchema,
  suggestTitlesParamSchema,
  suggestTitlesSchema,
} from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { requestLanguage } from '../../plugins/envelope.js';
import { requireUser } from '../../plugins/session.js';
import { signedRoute } from '../../plugins/signature.js';
import * as service from './assistant.service.js';

/** The content assistant (issue #14; docs/api.md "Content assistant"). `clock` is the server's time. */
export default async function assistantRoutes(
  app: FastifyInstance,
  opts: { db: Db; config: AppConfig; clock: () => Date },
): Promise<void> {
  const { db, config, clock } = opts;
  const tags = ['assistant'];

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/assistant/state',
      param: emptyParamSchema,
      summary: 'Whether the author may use the content assistant, and which engine makes titles',
      tags,
      data: assistantStateSchema,
    },
    async (_p, request) => service.getAssistantState(db, requireUser(request).id, config.assistantModel),
  );

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/assistant/suggest_titles',
      param: suggestTitlesParamSchema,
      summary: "Keywords, car series and title suggestions from a work's text (10005 without the permission)",
      tags,
      data: suggestTitlesSchema,
    },
    async (p, request) =>
      service.suggestTitles(db, requireUser(request).id, p, {
        lang: requestLanguage(request),
        model: config.assistantModel,
        now: clock(),
        log: request.log,
      }),
  );

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/assistant/check',
      param: assistantCheckParamSchema,
      summary: 'The check before publishing: title, words, clickbait and covers, linked to the rule centre',
      tags,
      data: assistantCheckSchema,
    },
    async (p, request) =>
      service.checkBeforePublishing(db, requireUser(request).id, p, requestLanguage(request)),
  );
}
