import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REVIEW_TEXT_MAX, REVIEW_WINDOW_DAYS, createReviewSchema, replyToReviewSchema, reviewAnswerSchema, reviewsAnswerSchema, reviewsQuerySchema } from '@parkly/shared/reviews';
import { compiledResponse } from '../../lib/compiled-serializer';
import { currentUser } from '../../plugins/auth';
import { listReviews, replyToReview, reviewBooking, type ReviewDeps } from './reviews.service';

const tags = ['reviews'];
const security = [{ bearer: [] }];
const params = z.object({ id: z.string() });

/** A listing's reviews are public; writing one (or a reply) needs a session. */
export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: ReviewDeps = { db: app.db, publicUrl: app.config.publicUrl };

  app.get(
    '/parkings/:id/reviews',
    {
      schema: {
        tags,
        description: "A live or paused listing's reviews, newest first, a page at a time, with its average rating and count; authors by first name only.",
        params,
        querystring: reviewsQuerySchema,
        response: { 200: compiledResponse(reviewsAnswerSchema) },
      },
    },
    async (request) => listReviews(deps, request.params.id, request.query),
  );

  await app.register(reviewWriteRoutes);
};

/** Writing a review or a reply: behind requireAuth; the service checks whose booking or listing it is. */
const reviewWriteRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: ReviewDeps = { db: app.db, publicUrl: app.config.publicUrl };
  app.addHook('onRequest', app.requireAuth);

  app.post(
    '/bookings/:id/review',
    {
      schema: {
        tags,
        security,
        description: `The driver of a completed booking rates it 1 to 5 stars with up to ${REVIEW_TEXT_MAX} characters of plain text, once, within ${REVIEW_WINDOW_DAYS} days of its end.`,
        params,
        body: createReviewSchema,
        response: { 201: reviewAnswerSchema },
      },
    },
    async (request, reply) => reply.status(201).send({ result: await reviewBooking(deps, currentUser(request), request.params.id, request.body) }),
  );

  app.post(
    '/reviews/:id/reply',
    { schema: { tags, security, description: "The listing's host answers a review, once.", params, body: replyToReviewSchema, response: { 200: reviewAnswerSchema } } },
    async (request) => ({ result: await replyToReview(deps, currentUser(request), request.params.id, request.body.text) }),
  );
};
