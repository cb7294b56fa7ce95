export * from "./limits.js";
export * from "./messages.js";
export * from "./types.js";
export * from "./events.js";
export * from "./format.js";
export * from "./schemas.js";
export * from "./tracking.js";
export * from "./return-to.js";
