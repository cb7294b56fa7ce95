/// <reference types="google.maps" />
/**
 * Loads Google's Maps JavaScript libraries once per page with the key from /api/config (docs/product.md §7: three retries with
 * growing delays). Used only when the server has GOOGLE_MAPS_API_KEY; the offline gazetteer serves otherwise.
 */
import { importLibrary, setOptions } from "@googlemaps/js-api-loader";

const RETRY_DELAYS_MS = [1_000, 2_000, 4_000];

let configuredKey: string | null = null;
const loads = new Map<string, Promise<unknown>>();

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function loadGoogleLibrary<K extends keyof google.maps.ImportLibraryMap & string>(
  apiKey: string,
  name: K,
): Promise<google.maps.ImportLibraryMap[K]> {
  if (configuredKey === null) {
    setOptions({ key: apiKey, v: "weekly" });
    configuredKey = apiKey;
  }
  let load = loads.get(name) as Promise<google.maps.ImportLibraryMap[K]> | undefined;
  if (!load) {
    load = withRetries(() => importLibrary(name));
    // A library that never loaded may load on a later attempt (the network came back).
    load.catch(() => loads.delete(name));
    loads.set(name, load);
  }
  return load;
}

async function withRetries<T>(attempt: () => Promise<T>): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await attempt();
    } catch (err) {
      const delay = RETRY_DELAYS_MS[i];
      if (delay === undefined) throw err;
      await wait(delay);
    }
  }
}
