import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePasswordSchema, forgotPasswordSchema, messageAnswerSchema, resetPasswordSchema } from '@parkly/shared/accounts';
import { currentUser } from '../../plugins/auth';
import { ROUTE_LIMITS } from './accounts.limits';
import { changePassword, requestPasswordReset, resetPassword } from './passwords.service';

const tags = ['accounts'];
const answer = { 200: messageAnswerSchema };

export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/change-password',
    {
      onRequest: app.requireAuth,
      config: { rateLimit: ROUTE_LIMITS.changePassword },
      schema: { tags, security: [{ bearer: [] }], body: changePasswordSchema, response: answer },
    },
    async (request) => ({ message: await changePassword(app.db, currentUser(request), request.body, request.ip, { lockAccounts: app.config.RATE_LIMITS }) }),
  );

  app.post(
    '/forgot-password',
    { config: { rateLimit: ROUTE_LIMITS.forgotPassword }, schema: { tags, body: forgotPasswordSchema, response: answer } },
    async (request) => ({
      message: await requestPasswordReset(app.db, request.body.email, { publicUrl: app.config.publicUrl, throttle: app.config.RATE_LIMITS }),
    }),
  );

  app.post(
    '/reset-password',
    { config: { rateLimit: ROUTE_LIMITS.resetPassword }, schema: { tags, body: resetPasswordSchema, response: answer } },
    async (request) => ({ message: await resetPassword(app.db, request.body, request.ip) }),
  );
};
