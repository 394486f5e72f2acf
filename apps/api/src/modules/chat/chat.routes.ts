import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  chatMessageAnswerSchema,
  chatMessagesAnswerSchema,
  chatMessagesQuerySchema,
  chatReadAnswerSchema,
  chatRoomAnswerSchema,
  chatRoomsAnswerSchema,
  chatRoomsQuerySchema,
  openChatRoomSchema,
  readChatRoomSchema,
  sendChatMessageSchema,
} from '@parkly/shared/chat';
import { currentUser } from '../../plugins/auth';
import { listMessages, listRooms, markRead, openRoom, sendMessage, viewRoom, type ChatDeps } from './chat.service';

const tags = ['chat'];
const security = [{ bearer: [] }];
const params = z.object({ id: z.string() });

export const chatDeps = (app: FastifyInstance): ChatDeps => ({
  db: app.db,
  urlOf: (key: string) => app.storage.publicPath(key),
  limits: app.config.RATE_LIMITS,
});

/** Guest-host conversations (DESIGN section 4, pinned): all behind login; the service checks who is in a room. */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = chatDeps(app);
  app.addHook('onRequest', app.requireAuth);

  app.get('/chat-rooms', { schema: { tags, security, querystring: chatRoomsQuerySchema, response: { 200: chatRoomsAnswerSchema } } }, async (request) =>
    listRooms(deps, currentUser(request), request.query),
  );

  app.post('/chat-rooms', { schema: { tags, security, body: openChatRoomSchema, response: { 200: chatRoomAnswerSchema } } }, async (request) => ({
    result: await openRoom(deps, currentUser(request), request.body),
  }));

  app.get('/chat-rooms/:id', { schema: { tags, security, params, response: { 200: chatRoomAnswerSchema } } }, async (request) => ({
    result: await viewRoom(deps, currentUser(request), request.params.id),
  }));

  app.get(
    '/chat-rooms/:id/messages',
    { schema: { tags, security, params, querystring: chatMessagesQuerySchema, response: { 200: chatMessagesAnswerSchema } } },
    async (request) => listMessages(deps, currentUser(request), request.params.id, request.query),
  );

  app.post(
    '/chat-rooms/:id/messages',
    { schema: { tags, security, params, body: sendChatMessageSchema, response: { 201: chatMessageAnswerSchema } } },
    async (request, reply) => reply.status(201).send({ result: await sendMessage(deps, currentUser(request), request.params.id, request.body.text) }),
  );

  app.post('/chat-rooms/:id/read', { schema: { tags, security, params, body: readChatRoomSchema, response: { 200: chatReadAnswerSchema } } }, async (request) => ({
    result: await markRead(deps, currentUser(request), request.params.id, request.body.up_to),
  }));
};
