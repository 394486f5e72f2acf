import type { QueryClient } from '@tanstack/react-query';
import { blogsKey } from '../../../content/api/get-blogs';
import { faqsKey } from '../../../content/api/get-faqs';
import { pagesKey } from '../../../content/api/get-pages';
import { adminKeys, refreshAdminArea } from '../../admin-keys';

export const contentKeys = {
  page: (page: string) => adminKeys.area('content', 'page', page),
  faqs: () => adminKeys.area('content', 'faqs'),
  blogs: (query: string) => adminKeys.area('content', 'blogs', 'list', query),
  blog: (id: string) => adminKeys.area('content', 'blogs', 'detail', id),
};

/** The public screens' own cache of what an edit touched, so the admin sees the change on the site at once. */
const PUBLIC_KEYS = { pages: pagesKey, faqs: faqsKey, blogs: blogsKey } as const;

/** After an edit: the console's content lists and the public copies of what changed are read again. */
export const refreshContent = (queryClient: QueryClient, what: keyof typeof PUBLIC_KEYS) =>
  Promise.all([refreshAdminArea(queryClient, 'content'), queryClient.invalidateQueries({ queryKey: PUBLIC_KEYS[what] })]);
