import { Initial1763780000000 } from "./1763780000000-initial.js";
import { LocationMembership1795318966911 } from "./1795318966911-location-membership.js";
import { ObjectUploads1795319482491 } from "./1795319482491-object-uploads.js";

/** Listed explicitly, oldest first: globs do not work under vitest. */
export const migrations = [Initial1763780000000, LocationMembership1795318966911, ObjectUploads1795319482491];
