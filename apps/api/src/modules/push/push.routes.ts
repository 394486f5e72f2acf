import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deviceTokenAnswerSchema, deviceTokenSchema, pushPreferencesAnswerSchema, pushPublicKeyAnswerSchema, updatePushPreferencesSchema } from '@parkly/shared/push';
import { currentUser } from '../../plugins/auth';
import { getPushSender, pushPreferences, saveDeviceToken, setPushSender, updatePushPreferences, webPushTransport, type PushSender } from './push.service';
import { vapidDetails } from './vapid-keys';

const tags = ['push'];
const security = [{ bearer: [] }];

export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const sender: PushSender = { vapid: () => vapidDetails(app.config), transport: webPushTransport, log: app.log };
  setPushSender(sender);
  app.addHook('onClose', async () => {
    if (getPushSender() === sender) setPushSender(null);
  });

  app.get('/push/public-key', { schema: { tags, response: { 200: pushPublicKeyAnswerSchema } } }, async () => {
    const { publicKey } = await vapidDetails(app.config);
    return { result: { public_key: publicKey } };
  });

  app.post(
    '/device-token',
    {
      onRequest: app.requireAuth,
      schema: { tags, security, body: deviceTokenSchema, response: { 200: deviceTokenAnswerSchema } },
    },
    async (request) => saveDeviceToken(app.db, currentUser(request).id, request.body.device_token),
  );

  app.get('/push/preferences', { onRequest: app.requireAuth, schema: { tags, security, response: { 200: pushPreferencesAnswerSchema } } }, async (request) => ({
    result: await pushPreferences(app.db, currentUser(request).id),
  }));

  app.patch(
    '/push/preferences',
    { onRequest: app.requireAuth, schema: { tags, security, body: updatePushPreferencesSchema, response: { 200: pushPreferencesAnswerSchema } } },
    async (request) => ({ result: await updatePushPreferences(app.db, currentUser(request).id, request.body) }),
  );
};
