import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { serverSecrets } from '../db/schema/index.js';

/**
 * Keys already read, per database and name. The key never changes once stored, so one read per
 * process is enough; keyed by the database too, because tests run several databases in one process.
 */
const loaded = new WeakMap<Database, Map<string, Promise<Buffer>>>();

/**
 * A random 32-byte key kept in server_secrets under `name`, created by whichever process asks
 * first (the insert does nothing when another got there before), so every process behind a load
 * balancer signs and verifies with the same key. A failed read is forgotten, so the next call retries.
 */
export function loadServerSecret(db: Database, name: string): Promise<Buffer> {
  let byName = loaded.get(db);
  if (!byName) loaded.set(db, (byName = new Map()));
  const cached = byName.get(name);
  if (cached) return cached;
  const loading = readOrCreate(db, name);
  byName.set(name, loading);
  loading.catch(() => {
    if (byName.get(name) === loading) byName.delete(name);
  });
  return loading;
}

async function readOrCreate(db: Database, name: string): Promise<Buffer> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`Server secret ${name} could not be stored`);
  return Buffer.from(row.value, 'base64');
}
