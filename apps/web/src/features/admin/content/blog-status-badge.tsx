import { BLOG_STATUS_LABELS, type BlogStatus } from '@parkly/shared/admin-content';

const STYLES: Record<BlogStatus, string> = {
  draft: 'bg-slate-100 text-slate-800',
  scheduled: 'bg-amber-100 text-amber-900',
  published: 'bg-emerald-100 text-emerald-900',
};

/** A post's status in words (the colour only repeats it). */
export function BlogStatusBadge({ status }: { status: BlogStatus }) {
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STYLES[status]}`}>{BLOG_STATUS_LABELS[status]}</span>;
}
