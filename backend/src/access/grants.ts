import { LRUCache } from "lru-cache";

/**
 * How long a decision is reused while every revocation reaches this instance (one instance, or Redis up): each one
 * for a random time between these two, so that decisions read together (every client's first poll after a restart
 * or an outage of the sockets) are not all read again together, in the same burst, every lifetime.
 */
export const GRANT_TTL_MIN_MS = 20_000;
export const GRANT_TTL_MS = 30_000;
/** How long while revocations from other instances may be lost (Redis away): a stale grant ends within this. */
export const GRANT_TTL_UNSURE_MS = 1_000;
const MAX_ENTRIES = 100_000;

/**
 * What ended: one session (sign-out, a rotated or rewritten session), every session of a user (account deleted or
 * taken over), or membership of a group (one member left or was removed; without a user, the group was deleted).
 */
export type Revocation =
  | { kind: "session"; sid: string }
  | { kind: "user"; userId: string }
  | { kind: "membership"; groupId: number; userId?: string };

/**
 * A stored session: as JSON, so each request parses its own copy (koa-session hands the object to the request,
 * which may change it), its account and its expiry.
 */
export interface CachedSession {
  json: string;
  userId: unknown;
  expire: number;
  /** Until when koa-session would take it as it is, once the session store has worked it out (session-store.ts). */
  settledUntil?: number;
}

interface Entry<V> {
  value: V;
  at: number;
  /** Its lifetime while revocations arrive, between GRANT_TTL_MIN_MS and GRANT_TTL_MS. */
  lifetime: number;
}

/** Decisions of one kind, each used while younger than its lifetime, or than GRANT_TTL_UNSURE_MS when `unsure()`. */
class Recent<V> {
  private readonly entries = new LRUCache<string, Entry<V>>({ max: MAX_ENTRIES });

  constructor(private readonly unsure: () => boolean) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (Date.now() - entry.at >= (this.unsure() ? GRANT_TTL_UNSURE_MS : entry.lifetime)) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V): void {
    const lifetime = GRANT_TTL_MIN_MS + Math.random() * (GRANT_TTL_MS - GRANT_TTL_MIN_MS);
    this.entries.set(key, { value, at: Date.now(), lifetime });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  deleteWhere(match: (key: string, value: V) => boolean): void {
    for (const [key, entry] of this.entries.entries()) if (match(key, entry.value)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * What the hot path would otherwise ask the database on every call: a session by its id, and whether a user is a
 * member of a group. Only grants are kept (a refusal is asked again every time), and every event that ends one
 * revokes it here at once and, through `broadcast`, on the other instances (docs/decisions/0016-hot-path.md).
 */
export class Grants {
  /** Set by the real-time server when there are other instances to tell (Redis configured). */
  broadcast: ((revocation: Revocation) => void) | null = null;
  /** Whether revocations from other instances reach this one now; no Redis means there are no others. */
  revocationsArrive: () => boolean = () => true;

  private readonly unsure = () => !this.revocationsArrive();
  private readonly sessions = new Recent<CachedSession>(this.unsure);
  private readonly members = new Recent<true>(this.unsure);
  /**
   * Counts revocations: a decision read from the database is kept only if none arrived while it was being read,
   * as it may have been read before the change that the revocation announces.
   */
  private revocations = 0;

  /** Taken before reading a decision from the database; given back when keeping it. */
  get mark(): number {
    return this.revocations;
  }

  session(sid: string): CachedSession | undefined {
    const cached = this.sessions.get(sid);
    if (cached && cached.expire <= Date.now()) {
      this.sessions.delete(sid);
      return undefined;
    }
    return cached;
  }

  keepSession(sid: string, session: CachedSession, mark: number): void {
    if (mark === this.revocations) this.sessions.set(sid, session);
  }

  isMember(userId: string, groupId: number): boolean {
    return this.members.get(memberKey(groupId, userId)) === true;
  }

  keepMember(userId: string, groupId: number, mark: number): void {
    if (mark === this.revocations) this.members.set(memberKey(groupId, userId), true);
  }

  /** Ends the grant here and on every other instance. */
  revoke(revocation: Revocation): void {
    this.apply(revocation);
    this.broadcast?.(revocation);
  }

  /**
   * Also told of every revocation applied here, and of `clear()` (null): for caches kept elsewhere that depend on
   * the same events.
   */
  private readonly listeners: Array<(revocation: Revocation | null) => void> = [];

  onRevoke(listener: (revocation: Revocation | null) => void): void {
    this.listeners.push(listener);
  }

  /** Ends the grant here only: a revocation that another instance sent. */
  apply(revocation: Revocation): void {
    for (const listener of this.listeners) listener(revocation);
    this.revocations += 1;
    switch (revocation.kind) {
      case "session":
        this.sessions.delete(revocation.sid);
        break;
      case "user":
        this.sessions.deleteWhere((_, s) => s.userId === revocation.userId);
        this.members.deleteWhere((key) => key.endsWith(`:${revocation.userId}`));
        break;
      case "membership":
        if (revocation.userId) this.members.delete(memberKey(revocation.groupId, revocation.userId));
        else this.members.deleteWhere((key) => key.startsWith(`${revocation.groupId}:`));
        break;
    }
  }

  /** Forgets everything: after an outage in which revocations from other instances may have been lost. */
  clear(): void {
    for (const listener of this.listeners) listener(null);
    this.revocations += 1;
    this.sessions.clear();
    this.members.clear();
  }
}

const memberKey = (groupId: number, userId: string) => `${groupId}:${userId}`;

/** Whether a broadcast revocation is well-formed (it arrives from Redis). */
export function isRevocation(value: unknown): value is Revocation {
  if (typeof value !== "object" || value === null) return false;
  const r = value as Record<string, unknown>;
  switch (r.kind) {
    case "session":
      return typeof r.sid === "string";
    case "user":
      return typeof r.userId === "string";
    case "membership":
      return Number.isSafeInteger(r.groupId) && (r.userId === undefined || typeof r.userId === "string");
    default:
      return false;
  }
}
