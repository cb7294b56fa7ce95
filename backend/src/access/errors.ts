/**
 * A refused access decision, thrown by the access rules (access.ts): `notFound` when the thing is not there for
 * this caller (a missing group, or one reached by an id the caller may not know of), `forbidden` when it is there
 * and the caller may not do this. The HTTP error middleware answers it with 404 or 403 and its message.
 */
export class AccessDenied extends Error {
  constructor(
    readonly reason: "notFound" | "forbidden",
    message: string,
  ) {
    super(message);
    this.name = "AccessDenied";
  }
}

export const denied = (message: string) => new AccessDenied("forbidden", message);
export const notFound = (message: string) => new AccessDenied("notFound", message);
