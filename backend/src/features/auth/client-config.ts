import { MAP, type ClientConfig } from "@caravan/common";
import type { Config } from "../../config.js";
import { findBasemap } from "../basemap/index.js";

/**
 * The server's settings for the browser (GET /api/config): the sign-in providers, the map's layers and the public
 * address. Also drawn into the pages the server draws, so that the app does not ask for them as it takes over.
 */
export async function clientConfig(config: Config): Promise<ClientConfig> {
  // Looked for on every load: an extract dropped into DATA_DIR is used without a restart.
  const basemap = await findBasemap(config.basemapFile);
  return {
    oauthProviders: Object.keys(config.oauth) as ClientConfig["oauthProviders"],
    googleMapsApiKey: config.googleMapsApiKey,
    tileUrl: config.tileUrl,
    basemapUrl: basemap ? MAP.basemapPath : null,
    publicUrl: config.publicUrl,
    shareRetentionHours: config.shareRetentionHours,
  };
}
