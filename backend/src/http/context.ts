import type { ParameterizedContext } from "koa";
import type Router from "@koa/router";
import type { User } from "../db/entities/index.js";
import type { Services } from "../services.js";
import type { GroupAccess } from "../access/access.js";

export interface AppState {
  requestId: string;
  /** The session's user when the request came in (or signed in during it), for the access log; null for visitors. */
  userId?: string | null;
  /** Set by requireUser: the signed-in user, loaded once per request. */
  user: User;
  /** Set by requireMember / requireOwner: the group and the caller's membership. */
  groupAccess?: GroupAccess;
  /**
   * Set by requireMembership: the signed-in member and the group, without loading either (with checkedByTheCall,
   * a membership the route's own call confirms).
   */
  member?: { userId: string; groupId: number };
}

export type AppContext = ParameterizedContext<AppState>;
export type AppRouter = Router<AppState>;

declare module "koa" {
  interface DefaultContext {
    services: Services;
  }
}

declare module "koa-session" {
  interface Session {
    userId?: string;
    /** Where to go after an OAuth round trip. */
    returnTo?: string;
  }
}
