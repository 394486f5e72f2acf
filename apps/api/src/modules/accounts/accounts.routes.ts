import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authAnswerSchema, loginSchema, messageAnswerSchema, profileAnswerSchema, signupSchema } from '@parkly/shared/accounts';
import { currentUser } from '../../plugins/auth';
import { deleteAccount } from './account-deletion.service';
import { ROUTE_LIMITS } from './accounts.limits';
import { becomeHost, logIn, signUp } from './accounts.service';
import { clientInfo } from './client-info';
import { passwordRoutes } from './password.routes';
import { profileRoutes } from './profile.routes';
import { logOut } from './sessions';

const tags = ['accounts'];
const security = [{ bearer: [] }];

export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/signup',
    {
      config: { rateLimit: ROUTE_LIMITS.signup },
      schema: { tags, body: signupSchema, response: { 201: authAnswerSchema } },
    },
    async (request, reply) => {
      const answer = await signUp(app.db, request.body, clientInfo(request));
      return reply.status(201).send(answer);
    },
  );

  app.post(
    '/login',
    {
      config: { rateLimit: ROUTE_LIMITS.login },
      schema: { tags, body: loginSchema, response: { 200: authAnswerSchema } },
    },
    async (request) => logIn(app.db, request.body, clientInfo(request), { lockAccounts: app.config.RATE_LIMITS }),
  );

  app.get(
    '/logout',
    { onRequest: app.requireAuth, config: { gate: true }, schema: { tags, security, response: { 200: messageAnswerSchema } } },
    async (request) => {
      await logOut(app.db, currentUser(request));
      return { message: 'Logged out successfully.' };
    },
  );

  // GET because the spec's client calls it so (SPEC section 7)
  app.get(
    '/delete-account',
    { onRequest: app.requireAuth, schema: { tags, security, response: { 200: messageAnswerSchema } } },
    async (request) => {
      const { message, leftOver } = await deleteAccount(app.db, app.storage, currentUser(request).id, request.ip);
      if (leftOver.length) request.log.warn({ files: leftOver }, 'files of a deleted account could not be removed');
      return { message };
    },
  );

  app.post(
    '/become-host',
    { onRequest: app.requireAuth, schema: { tags, security, response: { 200: profileAnswerSchema } } },
    async (request) => ({ result: await becomeHost(app.db, currentUser(request).id) }),
  );

  await app.register(profileRoutes);
  await app.register(passwordRoutes);
};
