/** What other features may use of uploads: cover keys, and releasing objects inside their deleting transaction. */
export { coverKeyOf, releaseObjects } from "./uploads.service.js";
