import type { Review } from '@parkly/shared/reviews';
import { formatMonthYear, formatShortDate } from '@parkly/shared/time';
import { MessageSquareReply } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Stars } from '../../../components/reviews/stars';
import { Button } from '../../../components/ui/button';
import { initials } from './listing-format';

// the form (react-hook-form, zod and the review rules) loads when the host presses Reply, not with the page
const ReplyForm = lazy(() => import('./review-reply-form'));

/** One review: who (first name), when (month), the stars and words, the host's reply, and for the host a Reply button. */
export function ReviewItem({ review: r, timeZone, hostName, canReply }: { review: Review; timeZone: string; hostName: string; canReply: boolean }) {
  const [replying, setReplying] = useState(false);
  return (
    <li className="py-5 first:pt-0">
      <div className="flex items-start gap-3">
        <span aria-hidden="true" className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800">
          {initials(r.author.name)}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <h3 className="font-semibold text-slate-900">
              {r.author.name}
            </h3>
            <p className="text-sm text-slate-600">{formatMonthYear(r.created_at, timeZone)}</p>
          </div>
          <div className="mt-0.5">
            <Stars rating={r.rating} />
          </div>
          {r.text && <p className="mt-2 leading-7 break-words whitespace-pre-line text-slate-800">{r.text}</p>}
          {r.reply && (
            <div className="mt-3 rounded-xl border-l-4 border-brand-600 bg-slate-50 px-4 py-3">
              <p className="flex flex-wrap items-center gap-x-1.5 text-sm font-semibold text-slate-900">
                <MessageSquareReply aria-hidden="true" className="size-4 text-brand-700" /> Reply from {hostName}
                <span className="font-normal text-slate-600">· {formatShortDate(r.reply.created_at, timeZone)}</span>
              </p>
              <p className="mt-1 text-sm leading-6 break-words whitespace-pre-line text-slate-800">{r.reply.text}</p>
            </div>
          )}
          {canReply &&
            (replying ? (
              <Suspense fallback={<p className="mt-3 text-sm text-slate-600">Loading…</p>}>
                <ReplyForm review={r} onDone={() => setReplying(false)} />
              </Suspense>
            ) : (
              <Button variant="secondary" className="mt-3" onClick={() => setReplying(true)} aria-label={`Reply to ${r.author.name}`}>
                <MessageSquareReply aria-hidden="true" className="size-4" /> Reply
              </Button>
            ))}
        </div>
      </div>
    </li>
  );
}
