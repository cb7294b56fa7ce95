import type { Middleware } from "koa";
import { ERRORS } from "@caravan/common";
import { Group, GroupMembership, type User } from "../db/entities/index.js";
import type { AppContext, AppState } from "./context.js";
import { badRequest, forbidden, notFound, unauthorized } from "./errors.js";

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
  const n = typeof raw === "string" && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n > 2_147_483_647) throw badRequest(ERRORS.invalidId);
  return n;
}

export interface GroupAccess {
  group: Group;
  membership: GroupMembership;
  isOwner: boolean;
}

/**
 * The caller's access to a group: 404 when there is no such group, 403 when the caller is not a member.
 * Child resources (checklists, items, proposals, messages) resolve to their group id first, then come here.
 */
export async function groupAccess(ctx: AppContext, groupId: number): Promise<GroupAccess> {
  const user = await currentUser(ctx);
  if (!user) throw unauthorized();
  const cached = ctx.state.groupAccess;
  if (cached?.group.id === groupId) return cached;
  const { db } = ctx.services;
  const [group, membership] = await Promise.all([
    db.getRepository(Group).findOneBy({ id: groupId }),
    db.getRepository(GroupMembership).findOneBy({ groupId, userId: user.id }),
  ]);
  if (!group) throw notFound(ERRORS.groupNotFound);
  if (!membership) throw forbidden(ERRORS.notGroupMember);
  const access = { group, membership, isOwner: group.ownerId === user.id };
  ctx.state.groupAccess = access;
  return access;
}

/** 401 signed out, 400 malformed id, 404 unknown group, 403 not a member; sets ctx.state.groupAccess. */
export function requireMember(param = "id"): Middleware<AppState> {
  return async (ctx, next) => {
    await groupAccess(ctx as AppContext, parseId(ctx.params?.[param]));
    await next();
  };
}

/** As requireMember, and 403 unless the caller owns the group. */
export function requireOwner(param = "id"): Middleware<AppState> {
  return async (ctx, next) => {
    const access = await groupAccess(ctx as AppContext, parseId(ctx.params?.[param]));
    if (!access.isOwner) throw forbidden(ERRORS.ownerOnly);
    await next();
  };
}
