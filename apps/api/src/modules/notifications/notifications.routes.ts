import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  notificationDeleteSchema,
  notificationListAnswerSchema,
  notificationMessageAnswerSchema,
  notificationStatusAnswerSchema,
} from '@parkly/shared/notifications';
import { currentUser } from '../../plugins/auth';
import { clearNotifications, notificationStatus, readNotifications, removeNotification } from './notifications.service';

const tags = ['notifications'];
const security = [{ bearer: [] }];

/** The spec's notification calls, with its paths and answer shapes kept exactly (SPEC section 7). */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAuth);

  app.get('/notification-status', { schema: { tags, security, response: { 200: notificationStatusAnswerSchema } } }, async (request) =>
    notificationStatus(app.db, currentUser(request).id),
  );

  app.get('/get-notification', { schema: { tags, security, response: { 200: notificationListAnswerSchema } } }, async (request) => ({
    notification: await readNotifications(app.db, currentUser(request).id),
  }));

  app.post(
    '/notification-delete',
    { schema: { tags, security, body: notificationDeleteSchema, response: { 200: notificationMessageAnswerSchema } } },
    async (request) => removeNotification(app.db, currentUser(request).id, request.body.notification_id),
  );

  app.delete('/notification-clear', { schema: { tags, security, response: { 200: notificationMessageAnswerSchema } } }, async (request) =>
    clearNotifications(app.db, currentUser(request).id),
  );
};
