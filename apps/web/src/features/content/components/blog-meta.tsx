import { formatLongDate } from '@parkly/shared/time';
import { Clock } from 'lucide-react';
import { useDefaultTimeZone } from '../../../lib/use-default-time-zone';

/** "Priya Sharma · 12 March 2025 · 4 min read" */
export function BlogMeta({ author, publishedAt, minutes, className = '' }: { author: string; publishedAt: string; minutes: number; className?: string }) {
  const timeZone = useDefaultTimeZone();
  return (
    <p className={`flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600 ${className}`}>
      <span className="font-medium text-slate-800">{author}</span>
      <span aria-hidden="true">·</span>
      <time dateTime={publishedAt}>{formatLongDate(publishedAt, timeZone)}</time>
      <span aria-hidden="true">·</span>
      <span className="inline-flex items-center gap-1">
        <Clock aria-hidden="true" className="size-3.5" />
        {minutes} min read
      </span>
    </p>
  );
}
