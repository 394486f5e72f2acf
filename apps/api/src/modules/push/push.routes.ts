import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deviceTokenAnswerSchema, deviceTokenSchema, pushPreferencesAnswerSchema, pushPublicKeyAnswerSchema, updatePushPreferencesSchema } from '@parkly/shared/push';
import { currentUser } from '../../plugins/auth';
import { PushAgent } from './push-agent';
import {
  createWebPushTransport,
  getPushSender,
  pushPreferences,
  removeDeviceToken,
  saveDeviceToken,
  setPushSender,
  updatePushPreferences,
  type PushPolicy,
  type PushSender,
} from './push.service';
import { vapidDetails } from './vapid-keys';

const tags = ['push'];
const security = [{ bearer: [] }];

export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const policy: PushPolicy = { allowedHosts: app.config.PUSH_ALLOWED_HOSTS ?? [] };
  const agent = new PushAgent({ allowedHosts: policy.allowedHosts });
  const sender: PushSender = { vapid: () => vapidDetails(app.config), transport: createWebPushTransport({ agent }), log: app.log };
  setPushSender(sender);
  app.addHook('onClose', async () => {
    if (getPushSender() === sender) setPushSender(null);
    agent.destroy();
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
    async (request) => saveDeviceToken(app.db, currentUser(request), request.body.device_token, policy),
  );

  app.delete(
    '/device-token',
    {
      onRequest: app.requireAuth,
      schema: { tags, security, body: deviceTokenSchema, response: { 200: deviceTokenAnswerSchema } },
    },
    async (request) => removeDeviceToken(app.db, currentUser(request).id, request.body.device_token),
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
