// npm run admin:create -- --email a@b.c --password 'Secret123' [--username name]
// Creates the admin, or makes the account with that e-mail an admin and sets the password (which
// must be changed at the next login). Uses DATA_DIR / DATABASE_URL like the server; with the
// embedded database (no DATABASE_URL), stop the server first: PGlite allows one process at a time.
import { parseArgs } from 'node:util';
import { emailSchema, passwordSchema, usernameSchema } from '@app/shared/auth';
import { loadConfig } from '../apps/api/src/config.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { migrateDatabase } from '../apps/api/src/db/migrate.js';
import { describeAdminOutcome, ensureAdmin } from '../apps/api/src/modules/auth/admin-bootstrap.service.js';

const usage =
  "Usage: npm run admin:create -- --email admin@example.com --password 'Secret123' [--username admin]";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function readArguments() {
  let values;
  try {
    ({ values } = parseArgs({
      options: { email: { type: 'string' }, password: { type: 'string' }, username: { type: 'string' } },
    }));
  } catch (error) {
    fail(`${(error as Error).message}\n${usage}`);
  }
  if (!values.email || !values.password) fail(`Both --email and --password are needed.\n${usage}`);
  const checks = [
    ['--email', emailSchema.safeParse(values.email)],
    ['--password', passwordSchema.safeParse(values.password)],
    ['--username', usernameSchema.safeParse(values.username ?? 'admin')],
  ] as const;
  for (const [flag, result] of checks) {
    if (!result.success) fail(`${flag}: ${result.error.issues[0]!.message}`);
  }
  return { email: checks[0][1].data!, password: checks[1][1].data!, username: checks[2][1].data! };
}

async function main() {
  const account = readArguments();
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDataDir: config.pgliteDataDir,
  });
  try {
    await migrateDatabase(database);
    const { outcome } = await ensureAdmin(database.db, account, 'command');
    console.log(describeAdminOutcome(outcome, account.email));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
