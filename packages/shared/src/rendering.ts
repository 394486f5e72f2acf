// The contract between the API's web plugin and the web app's server renderer (apps/web/src/entry-server.tsx,
// built to apps/web/dist-ssr): the API imports the renderer at start and calls it for each page.

/**
 * The id of the script element (type application/json) in which a page drawn on the server hands the
 * app the data it was drawn with (TanStack Query's dehydrated cache), so the app starts from it.
 */
export const SERVER_STATE_ID = 'parkly-state';

/** A screen drawn on the server: its markup and the data it was drawn with. */
export interface RenderedPage {
  html: string;
  /** TanStack Query's dehydrated cache: the app starts from it (main.tsx) */
  state: unknown;
  /** 404 for an address the app does not know */
  status: number;
}

/**
 * What the renderer offers: the page for a URL, drawn as a visitor sees it, or null for a screen the
 * browser draws. `api` answers the app's requests in fetch's shape (`(url, init) => Promise<Response>`,
 * a type this package, which knows no fetch, leaves to its callers); it is the same for every page, as
 * it carries nothing of the request.
 */
export type RenderPage<Api> = (url: string, api: Api) => Promise<RenderedPage | null>;
