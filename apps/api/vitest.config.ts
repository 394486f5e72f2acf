import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // a worker keeps node_modules loaded from one test file to the next (Fastify, PGlite, the SDKs): each file
    // still builds its own app on its own database, and no test mocks a module (module state must not leak)
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
