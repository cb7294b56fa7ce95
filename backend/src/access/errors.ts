/**
 * A refused access decision, thrown by the access rules (access.ts): `notFound` when the thing is not there for
 * this caller (a missing group, or one reached by an id the caller may not know of), `forbidden` when it is there
 * and the caller may not do this. The HTTP error middleware answers it with 404 or 403 and its message.
 */
export class AccessDenied extends Error {
  /**
   * The conventional status of such a refusal, for code that tells refusals apart by `status` without knowing this
   * class (the server-rendered pages answer any 401, 403 or 404 with the app's own page).
   */
  readonly status: 403 | 404;

  constructor(
    readonly reason: "notFound" | "forbidden",
    message: string,
  ) {
    super(message);
    this.name = "AccessDenied";
    this.status = reason === "notFound" ? 404 : 403;
  }
}

export const denied = (message: string) => new AccessDenied("forbidden", message);
export const notFound = (message: string) => new AccessDenied("notFound", message);
