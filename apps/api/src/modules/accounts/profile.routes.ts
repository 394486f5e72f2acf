import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { locationSchema, profileAnswerSchema, updateProfileSchema } from '@parkly/shared/accounts';
import { currentUser } from '../../plugins/auth';
import { ROUTE_LIMITS } from './accounts.limits';
import { loadProfile, updateLocation, updateProfile } from './accounts.service';
import { removeProfilePhoto, setProfilePhoto } from './profile-photo.service';
import { readUploadedFile } from '../../lib/uploads';

const tags = ['accounts'];
const security = [{ bearer: [] }];
const answer = { 200: profileAnswerSchema };

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAuth);

  app.get('/get_profile', { config: { gate: true }, schema: { tags, security, response: answer } }, async (request) => ({
    result: await loadProfile(app.db, currentUser(request).id),
  }));

  app.patch('/profile', { schema: { tags, security, body: updateProfileSchema, response: answer } }, async (request) => ({
    result: await updateProfile(app.db, currentUser(request).id, request.body),
  }));

  app.post(
    '/profile/photo',
    { config: { rateLimit: ROUTE_LIMITS.upload }, schema: { tags, security, consumes: ['multipart/form-data'], response: answer } },
    async (request) => {
      const file = await readUploadedFile(request);
      return { result: await setProfilePhoto(app.db, app.storage, currentUser(request).id, file.buffer) };
    },
  );

  app.delete('/profile/photo', { schema: { tags, security, response: answer } }, async (request) => ({
    result: await removeProfilePhoto(app.db, app.storage, currentUser(request).id),
  }));

  app.put('/location', { schema: { tags, security, body: locationSchema, response: answer } }, async (request) => ({
    result: await updateLocation(app.db, currentUser(request).id, request.body),
  }));
};
