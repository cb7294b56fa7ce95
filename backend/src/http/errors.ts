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

/** PostgreSQL error codes that are the caller's fault, not the server's. */
export const PG = { uniqueViolation: "23505", foreignKeyViolation: "23503" } as const;

export function pgCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; driverError?: { code?: unknown } };
  const code = e?.driverError?.code ?? e?.code;
  return typeof code === "string" ? code : undefined;
}
