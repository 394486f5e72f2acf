import { defineConfig } from 'vitest/config';

/**
 * The load-balancer test (lb.test.ts): two built servers on one PostgreSQL behind nginx with
 * deploy/nginx/parkly.conf. One file, run alone: `npm run build`, then
 * `TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run test:lb -w @parkly/e2e`.
 */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['*.test.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
