import type { z } from 'zod';
import { CONTACT_SENT_MESSAGE, type contactSchema } from '@parkly/shared/content';
import type { Database } from '../../db/database';
import { enqueueMail } from '../mail/mail.service';
import { bumpCounter } from '../rate-limits/counters.service';
import { insertContactMessage } from './support.repository';

type ContactMessage = z.output<typeof contactSchema>;

/**
 * Acknowledgements per recipient per hour. The form accepts any address, so without this it could be
 * used to send our mail to someone from many client addresses.
 */
export const ACK_LIMIT = { max: 3, windowMs: 60 * 60 * 1000 } as const;

const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, ' ').trim();

/** Stores the message and queues the mail to support and the acknowledgement, all or nothing. */
export async function sendContactMessage(db: Database, input: ContactMessage, opts: { userId: string | null; supportEmail: string }) {
  await db.transaction(async (tx) => {
    const id = await insertContactMessage(tx, { userId: opts.userId, ...input });
    await enqueueMail(tx, {
      to: opts.supportEmail,
      subject: `[Contact] ${oneLine(input.subject)}`.slice(0, 200),
      text: [
        'A message came in through the contact form.',
        '',
        `From: ${oneLine(input.name)} <${input.email}>`,
        `Account: ${opts.userId ?? 'not signed in'}`,
        `Subject: ${oneLine(input.subject)}`,
        `Reference: ${id}`,
        '',
        input.message,
        '',
        `Reply to ${input.email} to answer.`,
      ].join('\n'),
    });
    const acks = await bumpCounter(tx, `contact-ack:${input.email}`, ACK_LIMIT.windowMs);
    if (acks.count <= ACK_LIMIT.max) {
      // says nothing the sender wrote: an acknowledgement must not carry someone else's text to a stranger
      await enqueueMail(tx, {
        to: input.email,
        subject: 'We received your message',
        text: [
          'Hello,',
          '',
          'Thank you for contacting Parkly. Your message has reached our support team and we usually reply within one working day.',
          '',
          `If you need to add something, reply to this e-mail or write to ${opts.supportEmail}.`,
          'If you did not contact us, you can ignore this e-mail.',
          '',
          'Parkly support',
        ].join('\n'),
      });
    }
  });
  return { message: CONTACT_SENT_MESSAGE };
}
