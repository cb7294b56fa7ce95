import type { Middleware } from "koa";
import { ERRORS, VALIDATION } from "@caravan/common";
import { assertOwner, type GroupAccess } from "../access/access.js";
import type { User } from "../db/entities/index.js";
import type { AppContext, AppState } from "./context.js";
import { badRequest, unauthorized } from "./errors.js";

/** The signed-in user of this request, read once and kept on ctx.state; null when signed out. */
export async function currentUser(ctx: AppContext): Promise<User | null> {
  if (ctx.state.user) return ctx.state.user;
  const userId = ctx.session?.userId;
  if (!userId) return null;
  const user = await ctx.services.auth.findById(userId);
  if (!user) {
    // The account is gone: the session must not outlive it.
    ctx.session = null;
    return null;
  }
  ctx.state.user = user;
  return user;
}

/** 401 unless signed in. */
export const requireUser: Middleware<AppState> = async (ctx, next) => {
  if (!(await currentUser(ctx as AppContext))) throw unauthorized();
  await next();
};

/** A positive integer id from a path parameter, or 400. */
export function parseId(raw: unknown): number {
  const n = idOf(raw);
  if (n === null) throw badRequest(ERRORS.invalidId);
  return n;
}

/** A page's `before` cursor (an id) from the query string: null for the newest page, 400 when it is not an id. */
export function parseCursor(raw: unknown): number | null {
  if (raw === undefined) return null;
  const n = idOf(raw);
  if (n === null) throw badRequest(VALIDATION.invalidCursor);
  return n;
}

/** A positive integer id (an int4 column's range) from a path parameter, or null. */
export function idOf(raw: unknown): number | null {
  const n = typeof raw === "string" && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(n) && n <= 2_147_483_647 ? n : null;
}

export type { GroupAccess };

/**
 * The caller's access to a group: 404 when there is no such group, 403 when the caller is not a member
 * (the rule lives in src/access; this keeps it once per request on ctx.state).
 */
export async function groupAccess(ctx: AppContext, groupId: number): Promise<GroupAccess> {
  const user = await currentUser(ctx);
  if (!user) throw unauthorized();
  const cached = ctx.state.groupAccess;
  if (cached?.group.id === groupId) return cached;
  const access = await ctx.services.access.group(user.id, groupId);
  ctx.state.groupAccess = access;
  return access;
}

/** The signed-in caller's id, or 401. */
async function callerId(ctx: AppContext): Promise<string> {
  const user = await currentUser(ctx);
  if (!user) throw unauthorized();
  return user.id;
}

/** A checklist by its id, in one of the caller's groups; 404 otherwise (missing or not theirs alike). */
export async function checklistAccess(ctx: AppContext) {
  const access = await ctx.services.access.checklist(await callerId(ctx), parseId(ctx.params.id));
  ctx.state.groupAccess = access;
  return access;
}

/** A checklist item by its id, in one of the caller's groups; 404 otherwise. */
export async function itemAccess(ctx: AppContext) {
  const access = await ctx.services.access.item(await callerId(ctx), parseId(ctx.params.id));
  ctx.state.groupAccess = access;
  return access;
}

/** A proposal by its id, in one of the caller's groups; 404 otherwise. */
export async function proposalAccess(ctx: AppContext) {
  const access = await ctx.services.access.proposal(await callerId(ctx), parseId(ctx.params.id));
  ctx.state.groupAccess = access;
  return access;
}

/** The caller's own share by its id; anyone else's answers as a missing one (404). */
export async function ownShareAccess(ctx: AppContext) {
  return ctx.services.access.ownShare(await callerId(ctx), parseId(ctx.params.id));
}

/** 401 signed out, 400 malformed id, 404 unknown group, 403 not a member; sets ctx.state.groupAccess. */
export function requireMember(param = "id"): Middleware<AppState> {
  return async (ctx, next) => {
    await groupAccess(ctx as AppContext, parseId(ctx.params?.[param]));
    await next();
  };
}

/**
 * As requireMember for calls that need only the member's id and the group's (the location calls, made every few
 * seconds by every traveller): the session and the membership come from recent grants (src/access/grants.ts),
 * neither the user nor the group is loaded, and a refusal answers exactly as requireMember's. Sets
 * ctx.state.member.
 *
 * `checkedByTheCall`: the route's own statement admits members only and runs inside access.asMember(), which asks
 * about the membership only if the call fails; here nothing is asked.
 */
export function requireMembership(param = "id", { checkedByTheCall = false } = {}): Middleware<AppState> {
  return async (ctx, next) => {
    const userId = ctx.session?.userId;
    if (!userId) throw unauthorized();
    const groupId = parseId(ctx.params?.[param]);
    if (!checkedByTheCall) await ctx.services.access.member(userId, groupId);
    ctx.state.member = { userId, groupId };
    await next();
  };
}

/** As requireMember, and 403 unless the caller owns the group. */
export function requireOwner(param = "id"): Middleware<AppState> {
  return async (ctx, next) => {
    assertOwner(await groupAccess(ctx as AppContext, parseId(ctx.params?.[param])));
    await next();
  };
}
