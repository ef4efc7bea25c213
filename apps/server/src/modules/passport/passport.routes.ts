import {
  changePasswordParamSchema,
  changePasswordResultSchema,
  loginParamSchema,
  nullDataSchema,
  registerParamSchema,
  SESSION_COOKIE,
  userIdResultSchema,
} from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { endSession, hashSessionToken, requireUser, startSession } from '../../plugins/session.js';
import { signedRoute } from '../../plugins/signature.js';
import * as service from './passport.service.js';

/**
 * Register, login, logout (API.md §5): public routes, `uid` is not checked, a stale cookie cannot lock anyone
 * out. And the password change of the account settings (issue #9), which needs the session.
 */
export default async function passportRoutes(
  app: FastifyInstance,
  opts: { db: Db; config: AppConfig },
): Promise<void> {
  const { db, config } = opts;
  const tags = ['passport'];

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/passport/register',
      param: registerParamSchema,
      auth: 'public',
      summary: 'Register and sign in',
      tags,
      data: userIdResultSchema,
    },
    async (param, request, reply) => {
      const user = await service.register(db, config, param, request.ip);
      await startSession(db, config, request, reply, { id: user.id, userGuid: user.userGuid });
      return { userId: user.id };
    },
  );

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/passport/login',
      param: loginParamSchema,
      auth: 'public',
      summary: 'Sign in',
      tags,
      data: userIdResultSchema,
    },
    async (param, request, reply) => {
      const user = await service.login(db, config, param, request.ip);
      await startSession(db, config, request, reply, { id: user.id, userGuid: user.userGuid });
      return { userId: user.id };
    },
  );

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/logout',
      auth: 'public',
      summary: 'End the session',
      tags,
      data: nullDataSchema,
    },
    async (_param, request, reply) => {
      await endSession(db, config, request, reply);
      return null;
    },
  );

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/user/change_password',
      param: changePasswordParamSchema,
      summary: 'Change the password; other sessions are signed out (account settings, issue #9)',
      tags,
      data: changePasswordResultSchema,
    },
    async (param, request) => {
      const user = requireUser(request);
      // requireUser passed, so the request came with a live session cookie
      const currentSessionId = hashSessionToken(request.cookies[SESSION_COOKIE] ?? '');
      return service.changePassword(db, config, user.id, param, currentSessionId, request.ip);
    },
  );
}
