import { BLOG_STATUS_LABELS, BLOG_STATUSES, type AdminBlogSummary } from '@parkly/shared/admin-content';
import { formatShortDateTime } from '@parkly/shared/time';
import { ChevronRight, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { useDefaultTimeZone } from '../../../lib/use-default-time-zone';
import { AdminPage } from '../components/admin-page';
import { useAdminList } from '../components/use-admin-list';
import { useAdminBlogs } from './api/get-admin-blogs';
import { BlogStatusBadge } from './blog-status-badge';
import { ContentTabs } from './content-tabs';
import { AdminListResults, AdminListToolbar } from '../components/admin-list';
import { AdminTable } from '../components/admin-table';

const STATUS_OPTIONS = [{ value: '', label: 'Any status' }, ...BLOG_STATUSES.map((s) => ({ value: s, label: BLOG_STATUS_LABELS[s] }))];

/** /admin/content/blogs: every post, drafts first, with search and a status filter. */
export default function AdminBlogsPage() {
  const list = useAdminList();
  const blogs = useAdminBlogs(list.apiQuery(['status']));
  return (
    <AdminPage title="Content" intro="Edit the site’s pages, the FAQ and the blog. Saved changes show on the site at once.">
      <ContentTabs />
      <AdminListToolbar list={list} search={{ label: 'Search posts', placeholder: 'Title, address or author' }} filters={[{ name: 'status', label: 'Status', options: STATUS_OPTIONS }]}>
        <Link to="/admin/content/blogs/new" className={buttonClass('primary', 'ml-auto')}>
          <Plus aria-hidden="true" className="size-4" /> New post
        </Link>
      </AdminListToolbar>
      <AdminListResults query={blogs} title="Posts" loading="Loading posts" empty={`No post matches${list.q ? ` “${list.q}”` : ''}.`} onPage={list.setPage}>
        {(rows) => <BlogList blogs={rows} />}
      </AdminListResults>
    </AdminPage>
  );
}

function When({ blog }: { blog: AdminBlogSummary }) {
  const zone = useDefaultTimeZone();
  if (!blog.published_at) return <span className="text-slate-600">Not published</span>;
  return <span>{`${blog.status === 'scheduled' ? 'Goes live' : 'Published'} ${formatShortDateTime(blog.published_at, zone)}`}</span>;
}

/** Cards on phones, a table on wide screens (the same facts in both). */
function BlogList({ blogs }: { blogs: AdminBlogSummary[] }) {
  const zone = useDefaultTimeZone();
  const href = (b: AdminBlogSummary) => `/admin/content/blogs/${b.id}`;
  return (
    <>
      <ul className="divide-y divide-slate-100 md:hidden">
        {blogs.map((b) => (
          <li key={b.id}>
            <Link to={href(b)} className="flex items-center gap-3 rounded-lg px-1 py-3 hover:bg-slate-50">
              <div className="min-w-0 flex-1 space-y-1.5">
                <p className="font-semibold break-words text-slate-900">{b.title}</p>
                <p className="text-sm break-all text-slate-600">{b.slug}</p>
                <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
                  <BlogStatusBadge status={b.status} /> <When blog={b} />
                </p>
              </div>
              <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
            </Link>
          </li>
        ))}
      </ul>
      <AdminTable caption="Blog posts" columns={['Title', 'Author', 'Status', 'Public', 'Last edited']}>
        {blogs.map((b) => (
          <tr key={b.id} className="align-top hover:bg-slate-50">
            <td className="py-3 pr-3">
              <Link to={href(b)} className="font-semibold text-brand-800 underline-offset-2 hover:underline">
                {b.title}
              </Link>
              <span className="block break-all text-slate-600">{b.slug}</span>
            </td>
            <td className="py-3 pr-3 text-slate-700">{b.author}</td>
            <td className="py-3 pr-3">
              <BlogStatusBadge status={b.status} />
            </td>
            <td className="py-3 pr-3 text-slate-700">
              <When blog={b} />
            </td>
            <td className="py-3 whitespace-nowrap text-slate-700">{formatShortDateTime(b.updated_at, zone)}</td>
          </tr>
        ))}
      </AdminTable>
    </>
  );
}
