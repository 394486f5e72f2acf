import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../../app/lazy-route';

/** /admin/content (the pages' text), /admin/content/faq, /admin/content/blogs and one post's editor ('new' for a new one). */
export const contentRoutes: RouteObject[] = [
  { path: 'content', lazy: lazyRoute(() => import('./admin-pages-page')) },
  { path: 'content/faq', lazy: lazyRoute(() => import('./admin-faq-page')) },
  { path: 'content/blogs', lazy: lazyRoute(() => import('./admin-blogs-page')) },
  { path: 'content/blogs/:id', lazy: lazyRoute(() => import('./admin-blog-page')) },
];
