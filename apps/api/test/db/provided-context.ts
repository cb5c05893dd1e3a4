// Values global-setup.ts hands to the test workers through vitest's provide/inject.
declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a migrated PGlite data directory. */
    pgliteSnapshotPath: string;
    /** Set when TEST_DATABASE_URL is: the migrated template database and this run's name prefix. */
    postgresTemplate: { database: string; runId: string } | null;
  }
}

export {};
