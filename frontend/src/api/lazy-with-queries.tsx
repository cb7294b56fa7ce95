import { lazy, type ComponentType } from "react";
import { onClient } from "../lib/on-client";

type Loaded<P> = { default: ComponentType<P> };

/**
 * A promise-like that calls back at once, in the caller's task. `React.lazy` resolves a part whose loader returns
 * one in the render that first meets it, where a promise, even a settled one, makes that render suspend and start
 * again: the server could not render a page through such a part (it renders in one pass), and the app taking over a
 * page the server rendered would find a boundary there instead of the page it has to match.
 */
const settled = <T,>(value: T): PromiseLike<T> => ({
  then: <R1 = T, R2 = never>(onFulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null) =>
    (onFulfilled ? settled(onFulfilled(value)) : settled(value)) as PromiseLike<R1 | R2>,
});

/**
 * `React.lazy` for a page, panel or dialog that reads server state: it arrives together with the query cache and its
 * provider, which the landing page, most visitors' only page, never loads. `preload()` fetches both before anything
 * renders it; a part whose code is here renders at once.
 *
 * A part is loaded in the app only, and the server renders its fallback (`onClient`), unless it is one of the pages
 * the server renders (`{ serverRendered: true }`): the server then loads it (`preload()`) before rendering with it.
 */
export function lazyWithQueries<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { serverRendered = false }: { serverRendered?: boolean } = {},
) {
  let loading: Promise<Loaded<P>> | undefined;
  let loaded: Loaded<P> | undefined;
  const loadOnce = () =>
    (loading ??= Promise.all([load(), import("./query-layer")]).then(([Component, { QueryLayer }]) => {
      const WithQueries = (props: P) => (
        <QueryLayer>
          <Component {...props} />
        </QueryLayer>
      );
      loaded = { default: WithQueries };
      return loaded;
    }));
  const loadPart = serverRendered ? loadOnce : onClient(loadOnce);
  const Lazy = lazy(() => (loaded ? settled(loaded) : loadPart()) as Promise<Loaded<P>>);
  return Object.assign(Lazy, {
    /** Settles once the code has arrived, or failed to: a failed download is the render's to report, when it asks again. */
    preload(): Promise<void> {
      return loadOnce().then(
        () => undefined,
        () => {
          loading = undefined;
        },
      );
    },
  });
}
