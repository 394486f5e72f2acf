// npm start: builds whatever is missing (web app, API bundle), then runs the server.
import { buildMissing } from './build-missing.mjs';

buildMissing();
await import('../apps/api/dist/server.js');
