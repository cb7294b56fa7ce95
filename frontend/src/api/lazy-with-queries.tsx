import { lazy, type ComponentType } from "react";
import { onClient } from "../lib/on-client";

/**
 * `React.lazy` for a page, panel or dialog that reads server state: it arrives together with the query cache and its
 * provider, which the landing page, most visitors' only page, never loads. `preload()` fetches both before anything
 * renders it.
 */
export function lazyWithQueries<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<[ComponentType<P>, typeof import("./query-layer")]> | undefined;
  const loadOnce = () => (loading ??= Promise.all([load(), import("./query-layer")]));
  const Lazy = lazy(
    onClient(async () => {
      const [Component, { QueryLayer }] = await loadOnce();
      const WithQueries = (props: P) => (
        <QueryLayer>
          <Component {...props} />
        </QueryLayer>
      );
      return { default: WithQueries };
    }),
  );
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
