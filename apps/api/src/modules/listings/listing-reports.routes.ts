import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listingReportAnswerSchema, listingReportSchema } from '@parkly/shared/admin-listings';
import { currentUser } from '../../plugins/auth';
import { reportListing } from './listing-reports.service';

const tags = ['listings'];
const security = [{ bearer: [] }];
const params = z.object({ id: z.string() });

/** Reports per address: enough for an honest person, too few to flood the console's queue. */
export const REPORT_LIMIT = { max: 10, timeWindow: 60 * 60 * 1000 } as const;

/** POST parkings/:id/report, registered behind requireAuth with the host's listing calls. */
export const listingReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/parkings/:id/report',
    {
      config: { rateLimit: REPORT_LIMIT },
      schema: {
        tags,
        security,
        description: 'Reports a listing to the Parkly team. 201 for a new report; 200 with the open one when this user already reported the listing.',
        params,
        body: listingReportSchema,
        response: { 200: listingReportAnswerSchema, 201: listingReportAnswerSchema },
      },
    },
    async (request, reply) => {
      const { created, result } = await reportListing(app.db, currentUser(request), request.params.id, request.body);
      return reply.status(created ? 201 : 200).send({ message: created ? 'Thank you: our team will look at this listing.' : 'You have already reported this listing: our team is looking at it.', result });
    },
  );
};
