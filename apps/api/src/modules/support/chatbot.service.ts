import type { Queryable } from '../../db/database';
import { getPage } from '../content/content.service';
import { insertSupportQuestion, searchHelp, type HelpCandidate, type HelpSearch } from './support.repository';

const GREETING = /^(hi+|hello+|hey+|hiya|howdy|namaste|namaskar|greetings|good\s+(morning|afternoon|evening))(\s+(there|parkly|team|all))?[\s!.,?]*$/i;
const THANKS = /^(thanks|thank\s+you|thank\s+u|thx|ty|cheers)(\s+(so\s+much|a\s+lot|very\s+much))?[\s!.,]*$/i;

export const GREETING_REPLY =
  "Hello! I'm the Parkly help assistant. Ask me anything about booking a space, payments and refunds, cancellations, vehicle storage or hosting, for example 'How do I cancel my booking?'";
const THANKS_REPLY = "You're welcome! If there is anything else, just ask.";

/** An answer must cover at least this share of the question's weight, or the bot hands over to people. */
const MIN_COVERAGE = 0.5;

/** Where each help page lives in the web app, so an answer can point to the whole text. */
const PAGE_PATHS: Record<string, string> = {
  aboutus: '/aboutus',
  work: '/work',
  privacy: '/privacy',
  terms_and_condition: '/terms_and_condition',
};

export interface SupportContacts {
  email: string;
  phone: string | null;
  hours: string | null;
}

/** The support e-mail, phone and hours as the 'support' page states them; the configured e-mail when it does not. */
export async function supportContacts(db: Queryable, fallbackEmail: string): Promise<SupportContacts> {
  const page = await getPage(db, 'support');
  const value = (key: string) => firstLine(page[key]?.page_description ?? '').replace(/\.$/, '') || null;
  return { email: value('email') ?? fallbackEmail, phone: value('phone_number'), hours: value('hours') };
}

export function fallbackReply(c: SupportContacts): string {
  const phone = c.phone ? ` or call ${c.phone}` : '';
  const hours = c.hours ? ` (${c.hours})` : '';
  return `Sorry, I couldn't find an answer to that. Our support team is happy to help: e-mail ${c.email}${phone}${hours}.`;
}

/** Answers from the 'support' page speak to what was asked: the address, the hours, or how to reach us. */
function supportEntryReply(entryKey: string | null, body: string, c: SupportContacts): string {
  if (entryKey === 'address') return `Our office is at ${body.trim().split('\n').map((l) => l.trim()).filter(Boolean).join(', ')}.`;
  if (entryKey === 'hours' && c.hours) return `Our support team is available ${c.hours}. If you cannot get into a space you have booked, call ${c.phone ?? c.email} at any time.`;
  return contactReply(c);
}

function contactReply(c: SupportContacts): string {
  const phone = c.phone ? `, or call ${c.phone}` : '';
  const hours = c.hours ? ` Support hours: ${c.hours}.` : '';
  return `You can reach Parkly support by e-mail at ${c.email}${phone}.${hours} You can also write to us from the Contact Us page (/contact).`;
}

/**
 * Picks the entry that best answers the question, or null when none is close enough.
 * Each word of the question counts by how rare it is among all entries (a rare word such as
 * 'boat' says more than 'booking'), so an entry must match the words that matter to win.
 */
export function pickAnswer(search: HelpSearch): HelpCandidate | null {
  const terms = [...new Set(search.terms)];
  if (terms.length === 0 || search.candidates.length === 0) return null;
  const n = Math.max(search.corpus_size, search.candidates.length);
  const weight = new Map<string, number>();
  for (const t of terms) {
    const df = search.candidates.filter((c) => c.matched.includes(t)).length;
    weight.set(t, Math.log(1 + (n + 1) / (df + 0.5)));
  }
  const total = [...weight.values()].reduce((a, b) => a + b, 0);
  const share = (words: string[]) => [...new Set(words)].reduce((sum, t) => sum + (weight.get(t) ?? 0), 0) / total;

  let best: { candidate: HelpCandidate; score: number } | null = null;
  for (const c of search.candidates) {
    const coverage = share(c.matched);
    if (coverage < MIN_COVERAGE) continue;
    const score =
      coverage + 0.6 * share(c.title_matched) + (c.strict_rank > 0 ? 0.2 : 0) + 0.3 * Math.min(c.loose_rank, 1) + (c.kind === 'faq' ? 0.2 : 0);
    if (!best || score > best.score) best = { candidate: c, score };
  }
  return best?.candidate ?? null;
}

function formatAnswer(c: HelpCandidate, contacts: () => Promise<SupportContacts>): Promise<string> | string {
  if (c.kind === 'faq') return `${c.title}\n${plainText(c.body)}`;
  if (c.page_name === 'support') return contacts().then((details) => supportEntryReply(c.entry_key, c.body, details));
  if (c.page_name === 'contact') return contacts().then(contactReply);
  const path = PAGE_PATHS[c.page_name ?? ''];
  return `${c.title}: ${excerpt(plainText(c.body), 420)}${path ? ` Read more at ${path}.` : ''}`;
}

/**
 * The support bot's reply to one message: a greeting, the best FAQ or help-page answer, or the
 * support team's e-mail and phone. It never throws: when the search fails it hands over to people.
 * A question it hands over is kept for the support inbox (with the asker, when signed in), so an
 * admin can answer it or add it to the FAQ; keeping it never changes or delays the reply's text.
 */
export async function replyTo(
  db: Queryable,
  message: string,
  opts: { supportEmail: string; userId?: string | null; log?: { warn(obj: object, msg: string): void } },
): Promise<string> {
  const text = message.trim();
  if (GREETING.test(text)) return GREETING_REPLY;
  if (THANKS.test(text)) return THANKS_REPLY;
  const contacts = () => supportContacts(db, opts.supportEmail).catch(() => ({ email: opts.supportEmail, phone: null, hours: null }));
  try {
    const best = pickAnswer(await searchHelp(db, text));
    if (best) return await formatAnswer(best, contacts);
  } catch (err) {
    opts.log?.warn({ err }, 'support bot search failed');
  }
  await insertSupportQuestion(db, { userId: opts.userId ?? null, question: text }).catch((err: unknown) => opts.log?.warn({ err }, 'could not keep an unanswered question'));
  return fallbackReply(await contacts());
}

/** The web renders a little markdown; the chat shows plain text. */
export function plainText(md: string): string {
  return md
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trim().replace(/^#{1,3}\s+/, '').replace(/^[-*]\s+/, '• '))
    .filter((line, i, all) => line !== '' || (i > 0 && all[i - 1] !== ''))
    .join('\n')
    .replace(/\*\*(.+?)\*\*/g, '$1')
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, '$1 ($2)')
    .trim();
}

function excerpt(text: string, max: number): string {
  const flat = text.replace(/\s*\n+\s*/g, ' ');
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max * 0.6)).replace(/[\s,;:.]+$/, '')}…`;
}

const firstLine = (s: string) => s.trim().split('\n')[0]?.trim() ?? '';
