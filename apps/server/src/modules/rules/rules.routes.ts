import {
  ruleDetailParamSchema,
  ruleDetailSchema,
  ruleListParamSchema,
  ruleListSchema,
  ruleSearchParamSchema,
  ruleSearchSchema,
} from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import { requestLanguage } from '../../plugins/envelope.js';
import { signedRoute } from '../../plugins/signature.js';
import { getRule, listRules, type RuleCatalog, searchRules } from './rules.service.js';

/**
 * The rule centre's calls (API.md §14, issue #11): signed like every `/api/` call, no session needed (the rules
 * are public); answers in the request's language (`Accept-Language`).
 */
export default async function rulesRoutes(
  app: FastifyInstance,
  opts: { catalog: RuleCatalog },
): Promise<void> {
  const { catalog } = opts;
  const tags = ['rules'];
  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/rules/list',
      param: ruleListParamSchema,
      auth: 'public',
      summary: 'Rules of a category, or all',
      tags,
      data: ruleListSchema,
    },
    async (param, request) => listRules(catalog, requestLanguage(request), param.category),
  );
  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/rules/detail',
      param: ruleDetailParamSchema,
      auth: 'public',
      summary: 'A rule: html (sanitized), table of contents, version history',
      tags,
      data: ruleDetailSchema,
    },
    async (param, request) => getRule(catalog, requestLanguage(request), param.slug),
  );
  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/rules/search',
      param: ruleSearchParamSchema,
      auth: 'public',
      summary: 'Full-text search of the rules (Chinese segmented), best sections first',
      tags,
      data: ruleSearchSchema,
    },
    async (param, request) => searchRules(catalog, requestLanguage(request), param.q),
  );
}
