// npm start: builds whatever is missing (web app, API bundle), then runs the server.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const run = (args) => {
  const r = spawnSync('npm', args, { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

if (!existsSync('apps/web/dist/index.html') || !existsSync('apps/web/dist-ssr/entry-server.js')) {
  console.log('Building the web app…');
  run(['run', 'build', '-w', '@parkly/web']);
}
if (!existsSync('apps/api/dist/server.js')) {
  console.log('Building the API…');
  run(['run', 'build', '-w', '@parkly/api']);
}
await import('../apps/api/dist/server.js');
