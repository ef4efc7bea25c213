import {
  dynamicAuthSchema,
  permissionsSchema,
  updateProfileParamSchema,
  myInfoSchema,
  uploadFileSecretSchema,
  uploadVideoSecretSchema,
  userGradeSchema,
  userInfoSchema,
} from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { requireUser } from '../../plugins/session.js';
import { signedRoute } from '../../plugins/signature.js';
import * as service from './user.service.js';

/** The calls of API.md §6 about the author. */
export default async function userRoutes(
  app: FastifyInstance,
  opts: { db: Db; config: AppConfig },
): Promise<void> {
  const { db, config } = opts;
  const tags = ['user'];

  signedRoute(
    app,
    { method: 'GET', url: '/api/home/userinfo', summary: 'Header user info', tags, data: userInfoSchema },
    async (_p, request) => service.getUserInfo(db, requireUser(request).id),
  );
  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/user_center/get_my_info_by_id',
      summary: 'My info with identities',
      tags,
      data: myInfoSchema,
    },
    async (_p, request) => service.getMyInfo(db, requireUser(request).id),
  );
  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/program/get_user_grade',
      summary: 'Grade and rankResult',
      tags,
      data: userGradeSchema,
    },
    async (_p, request) => service.getUserGrade(db, requireUser(request).id),
  );
  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/user/permissions',
      summary: 'What I may do (spec §6 permissions), as the server enforces it',
      tags,
      data: permissionsSchema,
    },
    async (_p, request) => service.getPermissions(db, requireUser(request).id),
  );
  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/dynamic/get_dynamic_auth',
      summary: 'Whether the dynamic menu shows',
      tags,
      data: dynamicAuthSchema,
    },
    async (_p, request) => service.getDynamicAuth(db, requireUser(request).id),
  );
  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/manage/upload_file_secret',
      summary: 'Secret for image uploads (24 h)',
      tags,
      data: uploadFileSecretSchema,
    },
    async (_p, request) => service.issueUploadFileSecret(config.appSecret, requireUser(request)),
  );
  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/video/get_upload_video_secret',
      summary: 'Token for video shards (24 h)',
      tags,
      data: uploadVideoSecretSchema,
    },
    async (_p, request) => service.issueUploadToken(db, requireUser(request).id),
  );
  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/user/update_profile',
      param: updateProfileParamSchema,
      summary: 'Change the avatar and/or media name (account settings, issue #9)',
      tags,
      data: userInfoSchema,
    },
    async (param, request) => service.updateProfile(db, requireUser(request).id, param),
  );
}
