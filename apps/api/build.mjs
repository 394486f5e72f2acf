// Bundles the API into dist/server.js: our code and @parkly/shared inside, npm packages left external.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).flatMap((d) => [d, `${d}/*`]);

await build({
  entryPoints: { server: 'src/server.ts', migrate: 'src/cli/migrate.ts', 'create-admin': 'src/cli/create-admin.ts', backup: 'src/cli/backup.ts', restore: 'src/cli/restore.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
console.log('api built: apps/api/dist/server.js');
