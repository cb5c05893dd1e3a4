// `npm start`: build the web app if needed, then serve app and API from one process.
import { register } from 'tsx/esm/api';
import { buildWebIfStale } from './build-web-if-stale.mjs';

buildWebIfStale();
register();
await import('../apps/api/src/server.ts');
