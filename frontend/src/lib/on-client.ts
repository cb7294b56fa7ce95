/**
 * A lazy part's loader, for the pages the server draws (src/app/server-render.tsx): there it never loads, so the part's
 * fallback is drawn (a map's placeholder, no user menu), and the app loads it once it takes over the page. In the
 * app's own build `import.meta.env.SSR` is false and this is `load` itself.
 */
export function onClient<T>(load: () => Promise<T>): () => Promise<T> {
  return import.meta.env.SSR ? () => new Promise<T>(() => undefined) : load;
}
