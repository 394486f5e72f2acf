import { useBlogs } from './api/get-blogs';
import { BlogCard } from './components/blog-card';
import { LoadError } from './components/load-error';
import { PageHero } from './components/page-hero';

function CardsSkeleton() {
  return (
    <div role="status" aria-label="Loading" className="grid grid-cols-1 animate-pulse gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {[0, 1, 2].map((i) => (
        <div key={i} className="h-80 rounded-2xl bg-slate-100" />
      ))}
    </div>
  );
}

export default function BlogsPage() {
  const blogs = useBlogs();
  return (
    <>
      <PageHero eyebrow="Blogs" title="Parking tips and host stories" documentTitle="Blogs" intro="Guides for drivers, advice for hosts and news from Parkly." />
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        {blogs.isPending ? (
          <CardsSkeleton />
        ) : blogs.isError ? (
          <LoadError what="the blog posts" onRetry={() => void blogs.refetch()} />
        ) : blogs.data.length === 0 ? (
          <p className="text-slate-600">No posts yet. Check back soon.</p>
        ) : (
          <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {blogs.data.map((blog) => (
              <BlogCard key={blog.id} blog={blog} />
            ))}
          </div>
        )}
      </div>
    </>
  );
}
