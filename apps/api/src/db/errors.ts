// Drizzle wraps driver errors (DrizzleQueryError) with the original as `cause`; both drivers set SQLSTATE `code`.
interface DriverError {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

function findDriverError(error: unknown): DriverError | undefined {
  for (
    let current = error;
    current && typeof current === 'object';
    current = (current as DriverError).cause
  ) {
    if (typeof (current as DriverError).code === 'string') return current as DriverError;
  }
  return undefined;
}

/** The SQLSTATE of a failed query, e.g. '23505', on PGlite and PostgreSQL alike. */
export function pgErrorCode(error: unknown): string | undefined {
  return findDriverError(error)?.code as string | undefined;
}

/** True for a unique violation, optionally of one named constraint or unique index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const driverError = findDriverError(error);
  if (driverError?.code !== '23505') return false;
  return constraint === undefined || driverError.constraint === constraint;
}
