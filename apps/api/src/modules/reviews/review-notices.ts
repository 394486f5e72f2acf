/** What the host is told of a new review, and the driver of the host's reply (notification and e-mail). */
import type { Notice } from '../notifications/notify';

const place = (title: string | null) => title ?? 'your parking space';
const firstName = (name: string) => name.trim().split(/\s+/)[0] || 'A driver';
const stars = (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`;
/** A short quote of the text for a notification line. */
const excerpt = (text: string, max = 120) => {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
};
/** The reviews of the listing in the web app (e-mail link, push click). */
const reviewsScreen = (listingId: string) => `/parking/${listingId}#reviews`;
const listingLink = (publicUrl: string, listingId: string) => `${publicUrl}${reviewsScreen(listingId)}`;

export function newReviewNotice(
  r: { hostId: string; listingId: string; title: string | null; guestName: string; rating: number; text: string | null },
  publicUrl: string,
): Notice {
  const who = firstName(r.guestName);
  const said = r.text ? `: “${excerpt(r.text)}”` : '.';
  const title = 'New review';
  const description = `${who} gave ${place(r.title)} ${stars(r.rating)}${said}`;
  return {
    userId: r.hostId,
    title,
    description,
    push: { kind: 'reviews', url: reviewsScreen(r.listingId) },
    mail: {
      subject: `${title}: ${stars(r.rating)} for ${place(r.title)}`,
      text: `${who} reviewed their stay at ${place(r.title)}: ${stars(r.rating)} out of 5.\n\n${r.text ?? '(No words, just the stars.)'}\n\nYou can reply once, on your listing's page: ${listingLink(publicUrl, r.listingId)}\n\nParkly`,
    },
  };
}

export function replyNotice(r: { authorId: string; listingId: string; title: string | null; hostName: string; text: string }, publicUrl: string): Notice {
  const who = firstName(r.hostName);
  const title = 'The host replied to your review';
  return {
    userId: r.authorId,
    title,
    description: `${who} replied to your review of ${place(r.title)}: “${excerpt(r.text)}”`,
    push: { kind: 'reviews', url: reviewsScreen(r.listingId) },
    mail: {
      subject: `${title} of ${place(r.title)}`,
      text: `${who}, the host of ${place(r.title)}, replied to your review:\n\n${r.text}\n\nSee it on the listing: ${listingLink(publicUrl, r.listingId)}\n\nParkly`,
    },
  };
}
