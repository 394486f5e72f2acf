// Builds whatever a run needs and is missing (the web app with its server renderer, the API bundle):
// shared by `npm start` and `npm run demo:razorpay`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const run = (args) => {
  const r = spawnSync('npm', args, { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

export function buildMissing() {
  if (!existsSync('apps/web/dist/index.html') || !existsSync('apps/web/dist-ssr/entry-server.js')) {
    console.log('Building the web app…');
    run(['run', 'build', '-w', '@parkly/web']);
  }
  if (!existsSync('apps/api/dist/server.js')) {
    console.log('Building the API…');
    run(['run', 'build', '-w', '@parkly/api']);
  }
}
