import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminSuspendUserSchema,
  adminUserAnswerSchema,
  adminUserIdParamsSchema,
  adminUserRoleSchema,
  adminUsersAnswerSchema,
  adminUsersQuerySchema,
} from '@parkly/shared/admin-users';
import { adminActor } from '../admin-audit';
import { changeRole, getUser, reinstateUser, searchUsers, suspendUser } from './admin-users.service';

const tags = ['admin'];
const security = [{ bearer: [] }];

/** admin/users: find accounts, see one in full, suspend and reinstate them, make or remove admins. */
export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/users', { schema: { tags, security, querystring: adminUsersQuerySchema, response: { 200: adminUsersAnswerSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return searchUsers(app.db, request.query);
  });

  app.get('/users/:id', { schema: { tags, security, params: adminUserIdParamsSchema, response: { 200: adminUserAnswerSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { result: await getUser(app.db, request.params.id) };
  });

  app.post(
    '/users/:id/suspend',
    { schema: { tags, security, params: adminUserIdParamsSchema, body: adminSuspendUserSchema, response: { 200: adminUserAnswerSchema } } },
    async (request) => ({ result: await suspendUser(app.db, adminActor(request), request.params.id, request.body.reason, app.config.publicUrl) }),
  );

  app.post(
    '/users/:id/reinstate',
    { schema: { tags, security, params: adminUserIdParamsSchema, response: { 200: adminUserAnswerSchema } } },
    async (request) => ({ result: await reinstateUser(app.db, adminActor(request), request.params.id, app.config.publicUrl) }),
  );

  app.post(
    '/users/:id/role',
    { schema: { tags, security, params: adminUserIdParamsSchema, body: adminUserRoleSchema, response: { 200: adminUserAnswerSchema } } },
    async (request) => ({ result: await changeRole(app.db, adminActor(request), request.params.id, request.body.role) }),
  );
};
