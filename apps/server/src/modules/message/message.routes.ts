import {
  clearUnreadMsgParamSchema,
  groupUnreadSchema,
  idParamSchema,
  messageListParamSchema,
  messageListSchema,
  nullDataSchema,
} from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { requestLanguage } from '../../plugins/envelope.js';
import { requireUser } from '../../plugins/session.js';
import { signedRoute } from '../../plugins/signature.js';
import * as service from './message.service.js';

export default async function messageRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const { db } = opts;
  const tags = ['message'];

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/message/get_mp_index_group_message',
      summary: 'Unread count per message group',
      tags,
      data: groupUnreadSchema,
    },
    async (_param, request) => service.getGroupUnread(db, requireUser(request).id),
  );

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/message/clear_unread_msg',
      param: clearUnreadMsgParamSchema,
      summary: 'Mark a group (or all) read',
      tags,
      data: nullDataSchema,
    },
    async (param, request) => {
      await service.clearUnread(db, requireUser(request).id, param.msgGroup);
      return null;
    },
  );

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/message/get_message_list',
      param: messageListParamSchema,
      summary: 'Messages, newest first',
      tags,
      data: messageListSchema,
    },
    async (param, request) =>
      service.listMessages(db, requireUser(request).id, param, requestLanguage(request)),
  );

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/message/read_message',
      param: idParamSchema,
      summary: 'Mark one message read',
      tags,
      data: nullDataSchema,
    },
    async (param, request) => {
      await service.readMessage(db, requireUser(request).id, param.id);
      return null;
    },
  );
}
