import type { BlogSummary } from '@parkly/shared/content';
import { Newspaper } from 'lucide-react';
import { Link } from 'react-router';
import { BlogMeta } from './blog-meta';

export const blogHref = (slug: string) => `/blogs/blog-detail?slug=${encodeURIComponent(slug)}`;

/** A post in a list: cover (or a tinted panel), title as the link, excerpt and meta. */
export function BlogCard({ blog, headingLevel = 'h2' }: { blog: BlogSummary; headingLevel?: 'h2' | 'h3' }) {
  const Heading = headingLevel;
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md">
      {blog.cover_image ? (
        <img src={blog.cover_image} alt="" loading="lazy" className="aspect-[16/9] w-full object-cover" />
      ) : (
        <div aria-hidden="true" className="flex aspect-[16/9] items-center justify-center bg-gradient-to-br from-brand-100 via-brand-50 to-white">
          <Newspaper className="size-10 text-brand-700/60" />
        </div>
      )}
      <div className="flex flex-1 flex-col p-5">
        <Heading className="text-lg leading-snug font-semibold text-slate-900">
          <Link to={blogHref(blog.slug)} className="after:absolute after:inset-0 group-hover:text-brand-700 focus-visible:outline-none">
            {blog.title}
          </Link>
        </Heading>
        <p className="mt-2 line-clamp-3 flex-1 text-slate-600">{blog.excerpt}</p>
        <BlogMeta author={blog.author} publishedAt={blog.published_at} minutes={blog.reading_minutes} className="mt-4" />
      </div>
    </article>
  );
}
