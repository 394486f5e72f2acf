import { formatShortDate } from '@parkly/shared/time';
import { ArrowRight, Clock } from 'lucide-react';
import { Link } from 'react-router';
import { useBlogs } from '../../content/api/get-blogs';
import { useDefaultTimeZone } from '../../../lib/use-default-time-zone';
import { SectionHeading } from './section-heading';

/** The three newest posts; the section stays out of the way when there are none or they fail to load. */
export function LatestBlogs() {
  const blogs = useBlogs();
  const timeZone = useDefaultTimeZone();
  const latest = blogs.data?.slice(0, 3) ?? [];
  if (latest.length === 0) return null;
  return (
    <section aria-labelledby="blogs-heading" className="bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <SectionHeading id="blogs-heading" eyebrow="From the blog" title="Tips for drivers and hosts" />
          <Link to="/blogs" className="inline-flex items-center gap-1.5 font-semibold text-brand-700 underline-offset-2 hover:underline">
            All posts <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
        <ul className="mt-8 grid grid-cols-1 gap-6 md:grid-cols-3">
          {latest.map((blog) => (
            <li key={blog.id} className="relative flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md">
              <p className="flex items-center gap-2 text-xs font-medium text-slate-600">
                <time dateTime={blog.published_at}>{formatShortDate(blog.published_at, timeZone)}</time>
                <span aria-hidden="true">·</span>
                <span className="inline-flex items-center gap-1">
                  <Clock aria-hidden="true" className="size-3.5" /> {blog.reading_minutes} min read
                </span>
              </p>
              <h3 className="mt-3 text-lg leading-snug font-semibold text-slate-900">
                <Link to={`/blogs/blog-detail?slug=${encodeURIComponent(blog.slug)}`} className="after:absolute after:inset-0 hover:text-brand-700">
                  {blog.title}
                </Link>
              </h3>
              <p className="mt-2 line-clamp-3 flex-1 text-sm text-slate-600">{blog.excerpt}</p>
              <p className="mt-4 text-sm font-medium text-slate-800">{blog.author}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
