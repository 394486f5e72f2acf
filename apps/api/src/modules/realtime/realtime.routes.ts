/** `POST realtime/ticket` and the socket `GET realtime?ticket=` (DESIGN sections 4 and 5; docs/api.md). */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { realtimeTicketAnswerSchema } from '@parkly/shared/realtime';
import { currentUser } from '../../plugins/auth';
import type { HubSocket } from './realtime.hub';
import type { SocketSession } from './realtime.repository';
import { admitSocket, allowedOrigins, issueTicket } from './realtime.service';

const tags = ['realtime'];
const socketQuerySchema = z.object({ ticket: z.string().max(200).optional() });

/** the user and session a socket request was admitted for, between the check and the upgrade */
const admitted = new WeakMap<FastifyRequest, SocketSession>();

export const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  const origins = allowedOrigins(app.config);

  app.post(
    '/realtime/ticket',
    { onRequest: app.requireAuth, schema: { tags, security: [{ bearer: [] }], response: { 200: realtimeTicketAnswerSchema } } },
    async (request) => {
      const user = currentUser(request);
      return issueTicket(app.db, { userId: user.id, sessionId: user.sessionId });
    },
  );

  app.get(
    '/realtime',
    {
      websocket: true,
      // runs before the upgrade: a refusal is a plain HTTP answer (403 origin, 401 ticket)
      preValidation: async (request: FastifyRequest<{ Querystring: z.infer<typeof socketQuerySchema> }>) => {
        const { origin, host } = request.headers;
        admitted.set(request, await admitSocket(app.db, origins, { origin, host, ticket: request.query.ticket }));
      },
      schema: { tags, querystring: socketQuerySchema, hide: true },
    },
    (socket, request) => {
      const session = admitted.get(request);
      if (!session) return socket.close(4401, 'not admitted');
      void app.realtime.accept(socket as unknown as HubSocket, session);
    },
  );
};
