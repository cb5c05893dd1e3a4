import { DrizzleQueryError } from 'drizzle-orm';
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

// SQLSTATE class 08 (connection exception) and 57P01–57P03 (server shutting down or starting);
// node-postgres's own words for a connection that dropped, broke or could not be made in time; and
// socket errors, but only under a failed query (other outside services fail with those as well).
const connectionStates = /^(08...|57P0[123])$/;
const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
const driverMessages =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;

/** True when a query failed because the database could not be reached, not because of the query. */
export function isDatabaseUnreachable(error: unknown): boolean {
  let underQuery = false;
  for (
    let current = error;
    current && typeof current === 'object';
    current = (current as DriverError).cause
  ) {
    if (current instanceof DrizzleQueryError) underQuery = true;
    const { code } = current as DriverError;
    if (typeof code === 'string' && (connectionStates.test(code) || (underQuery && socketCodes.has(code))))
      return true;
    if (current instanceof Error && driverMessages.test(current.message)) return true;
  }
  return false;
}
