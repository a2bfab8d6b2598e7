/** PostgreSQL SQLSTATEs that mean the server cannot be used right now (class 08 is connection exceptions). */
const PG_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '53300', '53100', '58030']);
const NETWORK = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|FULL|IOERR|CANTOPEN|PROTOCOL)/;

/**
 * True when a query failed because the database cannot be reached or used for the moment (stopped,
 * restarting, network cut, disk full), not because of the query: the request may be retried later,
 * so it is answered 503 instead of 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (
        code.startsWith('08') ||
        PG_UNAVAILABLE.has(code) ||
        NETWORK.has(code) ||
        SQLITE_UNAVAILABLE.test(code)
      )
        return true;
    }
    const message = e instanceof Error ? e.message : '';
    if (
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
        message,
      )
    )
      return true;
  }
  return false;
}
