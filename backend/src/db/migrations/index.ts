import { Initial1763780000000 } from "./1763780000000-initial.js";

/** Listed explicitly, oldest first: globs do not work under vitest. */
export const migrations = [Initial1763780000000];
