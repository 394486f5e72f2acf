import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listingPhotoAnswerSchema, listingPhotosAnswerSchema, photoOrderSchema } from '@parkly/shared/listings';
import { readUploadedFile } from '../../lib/uploads';
import { listingActor } from './listing-audit';
import { addPhoto, deletePhoto, reorderPhotos, setCoverPhoto } from './listing-photos.service';

const tags = ['listings'];
const security = [{ bearer: [] }];
const params = z.object({ id: z.string() });
const photoParams = z.object({ id: z.string(), photoId: z.string() });
const photosAnswer = { 200: listingPhotosAnswerSchema };
/** A host adds up to 20 photos per listing, often several listings in a sitting. */
const PHOTO_UPLOAD_LIMIT = { max: 120, timeWindow: 60 * 60 * 1000 };

/** Behind requireAuth (registered by listingsRoutes). */
export const listingPhotosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/parkings/:id/photos',
    {
      config: { rateLimit: PHOTO_UPLOAD_LIMIT },
      schema: { tags, security, params, consumes: ['multipart/form-data'], response: { 200: listingPhotoAnswerSchema } },
    },
    async (request) => ({
      result: await addPhoto(app.db, app.storage, listingActor(request), request.params.id, () => readUploadedFile(request)),
    }),
  );

  app.put('/parkings/:id/photos/order', { schema: { tags, security, params, body: photoOrderSchema, response: photosAnswer } }, async (request) => ({
    result: await reorderPhotos(app.db, app.storage, listingActor(request), request.params.id, request.body.photo_ids),
  }));

  app.post('/parkings/:id/photos/:photoId/cover', { schema: { tags, security, params: photoParams, response: photosAnswer } }, async (request) => ({
    result: await setCoverPhoto(app.db, app.storage, listingActor(request), request.params.id, request.params.photoId),
  }));

  app.delete('/parkings/:id/photos/:photoId', { schema: { tags, security, params: photoParams, response: photosAnswer } }, async (request) => ({
    result: await deletePhoto(app.db, app.storage, listingActor(request), request.params.id, request.params.photoId),
  }));
};
