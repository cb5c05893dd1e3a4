import { defineConfig } from 'drizzle-kit';

// Generation only: migrations are applied at startup by src/db/migrate.ts, on PGlite or PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
