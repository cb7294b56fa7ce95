/** What other features may use of the basemap: whether its file is there (the client config says so). */
export { findBasemap } from "./basemap.service.js";
