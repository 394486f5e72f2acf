import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The apps/api folder, found from this file whether it runs from src/ (tsx, vitest) or dist/ (bundle). */
function findApiRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'migrations')) && existsSync(join(dir, 'package.json'))) return dir;
    dir = resolve(dir, '..');
  }
  throw new Error('Cannot find the api folder (migrations/ next to package.json)');
}

export const API_ROOT = findApiRoot();
export const REPO_ROOT = resolve(API_ROOT, '../..');
export const MIGRATIONS_DIR = join(API_ROOT, 'migrations');
export const WEB_DIST_DIR = join(REPO_ROOT, 'apps/web/dist');
/** The web app's server build (vite build --ssr): renders public screens for the first page of a visit. */
export const WEB_RENDERER_FILE = join(REPO_ROOT, 'apps/web/dist-ssr/entry-server.js');
