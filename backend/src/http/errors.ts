import { ERRORS } from "@caravan/common";

/** The one error type services throw; errorMiddleware turns it into `{"message": ...}` with its status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: { errors?: Record<string, string>; headers?: Record<string, string> },
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) =>
  new HttpError(400, message, errors ? { errors } : undefined);
export const unauthorized = (message = "Unauthorized") => new HttpError(401, message);
export const forbidden = (message = "Forbidden") => new HttpError(403, message);
export const notFound = (message = "Not found") => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const gone = (message: string) => new HttpError(410, message);

/** Seconds a client is told to wait (Retry-After) when the database is unreachable. */
export const RETRY_AFTER_SECONDS = 5;
export const unavailable = () =>
  new HttpError(503, ERRORS.unavailable, { headers: { "Retry-After": String(RETRY_AFTER_SECONDS) } });

/** PostgreSQL error codes that are the caller's fault, not the server's. */
export const PG = {
  uniqueViolation: "23505",
  foreignKeyViolation: "23503",
  // Data exceptions: the value itself cannot be stored. Validators refuse these first; this is the backstop.
  numericOutOfRange: "22003",
  invalidText: "22P02",
  invalidDatetime: "22007",
  datetimeOutOfRange: "22008",
  untranslatableCharacter: "22021",
  // Two transactions got in each other's way and PostgreSQL rolled this one back: sending the call again is the cure.
  serializationFailure: "40001",
  deadlockDetected: "40P01",
} as const;

/**
 * The one place where database errors that a race or the caller caused become answers: a row that vanished between
 * the access check and the write (a foreign key to a deleted checklist or group, a findOneOrFail that found nothing)
 * is a 404, a duplicate a 409. A transaction that lost a deadlock or a serialization conflict is a 503 with
 * Retry-After: it was rolled back whole, so the caller may simply send the call again. It is not retried here,
 * because by the time the error reaches this point the handler may already have done things that must not happen
 * twice (an e-mail sent, an event published), and only the caller knows whether it still wants the call.
 * Anything else stays unknown and is logged as a 500.
 */
export function fromDatabaseError(err: unknown): HttpError | null {
  if ((err as { name?: unknown })?.name === "EntityNotFoundError") return notFound(ERRORS.notFound);
  if (isDatabaseUnreachable(err)) return unavailable();
  switch (pgCode(err)) {
    case PG.foreignKeyViolation:
      return notFound(ERRORS.notFound);
    case PG.uniqueViolation:
      return conflict(ERRORS.conflict);
    case PG.numericOutOfRange:
    case PG.invalidText:
    case PG.invalidDatetime:
    case PG.datetimeOutOfRange:
    case PG.untranslatableCharacter:
      return badRequest(ERRORS.invalidValue);
    case PG.serializationFailure:
    case PG.deadlockDetected:
      return unavailable();
    default:
      return null;
  }
}

export function pgCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; driverError?: { code?: unknown } };
  const code = e?.driverError?.code ?? e?.code;
  return typeof code === "string" ? code : undefined;
}

/** Socket errors of a lost or refused connection. */
const CONNECTION_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH"]);
/** pg's own messages when a connection ends or cannot be had (they carry no code). */
const CONNECTION_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error",
  "Connection ended",
];

/**
 * Whether the database could not be reached (restarting, failing over, refusing connections) rather than refusing
 * the query: those calls answer 503 with Retry-After instead of 500, and the pool replaces its connections by itself.
 * SQLSTATE class 08 (connection exception), 57P01-57P03 (shutting down, crashed, starting up), 53300 (too many
 * connections).
 */
export function isDatabaseUnreachable(err: unknown): boolean {
  const code = pgCode(err);
  if (code && (code.startsWith("08") || ["57P01", "57P02", "57P03", "53300"].includes(code))) return true;
  if (code && CONNECTION_CODES.has(code)) return true;
  const e = err as { message?: unknown; driverError?: { message?: unknown } };
  const message = [e?.message, e?.driverError?.message].filter((m) => typeof m === "string").join(" ");
  return CONNECTION_MESSAGES.some((m) => message.includes(m));
}
