import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '/work/main/apps/api/src/app.js';
import { loadConfig } from '/work/main/apps/api/src/config.js';
import { openDatabase } from '/work/main/apps/api/src/db/client.js';
import { migrateDatabase } from '/work/main/apps/api/src/db/migrate.js';
import { seedCreator } from '/work/main/bench/support/creator-data.js';
const dataDir = await mkdtemp(path.join(tmpdir(), 'pp-'));
const database = await openDatabase({ pgliteDataDir: path.join(dataDir, 'db') });
await migrateDatabase(database);
const large = await seedCreator(database.db, path.join(dataDir, 'media'), 'large', { gallery: 10, scheduled: 1000, history: 5000 });
const small = await seedCreator(database.db, path.join(dataDir, 'media'), 'small', { gallery: 10, scheduled: 10, history: 10 });
await database.db.execute((await import('drizzle-orm')).sql`analyze`);
const app = await buildApp({ config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dataDir, WEB_DIST_DIR: '/nonexistent' }), database });
const paths = (process.env.PATHS ?? '/api/content-generations,/api/posts/scheduled').split(',');
for (const p of paths) for (const [label, c] of [['small', small], ['large', large]] as const) {
  const t: number[] = [];
  for (let i = 0; i < 220; i++) { const s = performance.now(); const r = await app.inject({ method: 'GET', url: `${p}?limit=50`, headers: { cookie: c.cookie } }); if (r.statusCode !== 200) throw new Error(r.body); t.push(performance.now() - s); }
  t.splice(0, 20); t.sort((a, b) => a - b);
  console.log(p, label, 'p50', t[100]!.toFixed(2), 'p99', t[198]!.toFixed(2));
}
await app.close(); await database.close();
