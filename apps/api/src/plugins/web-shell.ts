import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_STATE_ID, type RenderedPage } from '@parkly/shared/rendering';

/** A route of the app as a pattern for the page's path, with the files its screen needs first. */
interface CompiledRoute {
  regex: RegExp;
  files: string[];
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** JSON inside a script element: nothing in it may end the element or open a comment. */
const scriptJson = (v: unknown) =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const ROOT = '<div id="root"></div>';
/**
 * What React puts first in a rendered screen for the document's head (its <title>, image preloads): the
 * page moves it there, where browsers (and crawlers) read it and where React looks for it when it takes over.
 */
const HOISTED = /^(?:<link\b[^>]*>|<meta\b[^>]*>|<title\b[^>]*>[^<]*<\/title>)+/;
const TITLE = /<title\b[^>]*>[^<]*<\/title>/;

function compile(path: string, files: string[]): CompiledRoute {
  const pattern = path
    .split('/')
    .map((seg) => (seg.startsWith(':') ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return { regex: new RegExp(`^${pattern}/?$`), files };
}

/**
 * index.html of the built app, with what each screen needs first: the build lists each route's code
 * (route-preloads.json, written by apps/web/route-preloads.ts), which goes into the page as modulepreload
 * links, so it downloads alongside the app's own code instead of after the app has started; and the
 * screen itself, when the server rendered it, so it shows before any script has run.
 */
export class WebShell {
  private readonly routes: CompiledRoute[];

  constructor(
    private readonly index: string,
    routes: { path: string; files: string[] }[],
  ) {
    this.routes = routes.map((r) => compile(r.path, r.files));
  }

  static load(webDistDir: string): WebShell | null {
    const indexFile = join(webDistDir, 'index.html');
    if (!existsSync(indexFile)) return null;
    const preloadsFile = join(webDistDir, 'route-preloads.json');
    let routes: { path: string; files: string[] }[] = [];
    if (existsSync(preloadsFile)) {
      try {
        routes = (JSON.parse(readFileSync(preloadsFile, 'utf8')) as { routes?: typeof routes }).routes ?? [];
      } catch {
        routes = []; // a damaged file costs the preloads, not the app
      }
    }
    return new WebShell(readFileSync(indexFile, 'utf8'), routes);
  }

  /** The files the screen at `path` needs first (none for an address no route matches). */
  private filesFor(path: string): string[] {
    let decoded: string;
    try {
      decoded = decodeURI(path);
    } catch {
      return [];
    }
    return this.routes.find((route) => route.regex.test(decoded))?.files ?? [];
  }

  /** The page for a screen: index.html with the screen's code preloaded and, when the server rendered it, the screen and its data. */
  render(path: string, page?: RenderedPage | null): string {
    const head = this.filesFor(path).map((file) => `<link rel="modulepreload" crossorigin href="${escapeAttr(file)}">`);
    let html = head.length ? this.index.replace('</head>', `    ${head.join('\n    ')}\n  </head>`) : this.index;
    if (page) {
      const hoisted = HOISTED.exec(page.html)?.[0] ?? '';
      if (TITLE.test(hoisted)) html = html.replace(TITLE, '');
      const state = `<script type="application/json" id="${SERVER_STATE_ID}">${scriptJson(page.state)}</script>`;
      if (hoisted) html = html.replace('</head>', () => `  ${hoisted}\n  </head>`);
      html = html.replace(ROOT, () => `<div id="root">${page.html.slice(hoisted.length)}</div>\n    ${state}`);
    }
    return html;
  }
}
