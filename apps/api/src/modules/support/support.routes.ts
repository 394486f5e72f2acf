import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chatbotAnswerSchema, chatbotRequestSchema, contactAnswerSchema, contactSchema } from '@parkly/shared/content';
import { fallbackReply, replyTo } from './chatbot.service';
import { sendContactMessage } from './contact.service';

const tags = ['support'];
const MINUTE = 60 * 1000;

/** Per client address: the bot is cheap but public; the contact form sends mail. */
export const SUPPORT_LIMITS = {
  chatbot: { max: 30, timeWindow: MINUTE },
  contact: { max: 5, timeWindow: 60 * MINUTE },
} as const;

export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  // the path is the spec's spelling (SPEC section 7)
  app.post(
    '/chatboat',
    {
      // a signed-in asker is kept with a question the bot cannot answer, so support can reply by e-mail
      onRequest: app.optionalAuth,
      config: { rateLimit: SUPPORT_LIMITS.chatbot },
      schema: { tags, body: chatbotRequestSchema, response: { 200: chatbotAnswerSchema } },
    },
    async (request) => {
      const supportEmail = app.config.SUPPORT_EMAIL;
      try {
        return { success: true, data: await replyTo(app.db, request.body.message, { supportEmail, userId: request.user?.id ?? null, log: request.log }) };
      } catch (err) {
        request.log.warn({ err }, 'support bot failed');
        return { success: true, data: fallbackReply({ email: supportEmail, phone: null, hours: null }) };
      }
    },
  );

  app.post(
    '/contact',
    {
      onRequest: app.optionalAuth,
      config: { rateLimit: SUPPORT_LIMITS.contact },
      schema: { tags, body: contactSchema, response: { 201: contactAnswerSchema } },
    },
    async (request, reply) => {
      const answer = await sendContactMessage(app.db, request.body, { userId: request.user?.id ?? null, supportEmail: app.config.SUPPORT_EMAIL });
      return reply.status(201).send(answer);
    },
  );
};
