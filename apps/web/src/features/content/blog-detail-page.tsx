import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { DocumentTitle } from '../../components/ui/page';
import { ApiError } from '../../lib/api-client';
import { useBlog } from './api/get-blog';
import { BlogMeta } from './components/blog-meta';
import { LoadError } from './components/load-error';
import { RichText } from '../../components/rich-text';
import { TextSkeleton } from './components/text-skeleton';

function BackLink() {
  return (
    <Link to="/blogs" className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
      <ArrowLeft aria-hidden="true" className="size-4" /> All posts
    </Link>
  );
}

function PostNotFound() {
  return (
    <div className="py-10 text-center">
      <DocumentTitle title="Post not found" />
      <h1 className="text-2xl font-bold text-slate-900">Post not found</h1>
      <p className="mt-2 text-slate-600">This post does not exist or has been taken down.</p>
      <Link to="/blogs" className={buttonClass('primary', 'mt-6')}>
        See all posts
      </Link>
    </div>
  );
}

export default function BlogDetailPage() {
  const [params] = useSearchParams();
  const slug = params.get('slug') ?? '';
  const blog = useBlog(slug);
  const notFound = !slug || (blog.error instanceof ApiError && blog.error.code === 'NOT_FOUND');
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <BackLink />
      {notFound ? (
        <PostNotFound />
      ) : blog.isPending ? (
        <div className="mt-8">
          <DocumentTitle title="Blog" />
          <TextSkeleton lines={10} />
        </div>
      ) : blog.isError ? (
        <div className="mt-8">
          <DocumentTitle title="Blog" />
          <LoadError what="this post" onRetry={() => void blog.refetch()} />
        </div>
      ) : (
        <article className="mt-6">
          <DocumentTitle title={blog.data.title} />
          <h1 className="text-3xl leading-tight font-bold tracking-tight text-slate-900 sm:text-4xl">{blog.data.title}</h1>
          <BlogMeta author={blog.data.author} publishedAt={blog.data.published_at} minutes={blog.data.reading_minutes} className="mt-4" />
          {blog.data.cover_image && <img src={blog.data.cover_image} alt="" className="mt-8 aspect-[16/9] w-full rounded-2xl object-cover" />}
          <p className="mt-8 text-lg text-slate-700">{blog.data.excerpt}</p>
          <RichText text={blog.data.body} className="mt-4" />
          <footer className="mt-12 flex flex-col gap-4 rounded-2xl bg-brand-50 p-6 sm:flex-row sm:items-center sm:justify-between">
            <p className="font-medium text-slate-900">Need a space, or have one to share?</p>
            <div className="flex gap-3">
              <Link to="/parking" className={buttonClass('primary')}>
                Find parking
              </Link>
              <Link to="/welcomehost" className={buttonClass('secondary')}>
                List your space
              </Link>
            </div>
          </footer>
        </article>
      )}
    </div>
  );
}
