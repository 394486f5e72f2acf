import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deviceTokenAnswerSchema, deviceTokenSchema, pushPublicKeyAnswerSchema } from '@parkly/shared/push';
import { currentUser } from '../../plugins/auth';
import { getPushSender, saveDeviceToken, setPushSender, webPushTransport, type PushSender } from './push.service';
import { vapidDetails } from './vapid-keys';

const tags = ['push'];

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
      schema: { tags, security: [{ bearer: [] }], body: deviceTokenSchema, response: { 200: deviceTokenAnswerSchema } },
    },
    async (request) => saveDeviceToken(app.db, currentUser(request).id, request.body.device_token),
  );
};
