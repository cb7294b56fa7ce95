import { lazy, type ComponentType } from "react";

/**
 * `React.lazy` for a page, panel or dialog that reads server state: it arrives together with the query cache and its
 * provider, which the landing page, most visitors' only page, never loads.
 */
export function lazyWithQueries<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [Component, { QueryLayer }] = await Promise.all([load(), import("./query-layer")]);
    const WithQueries = (props: P) => (
      <QueryLayer>
        <Component {...props} />
      </QueryLayer>
    );
    return { default: WithQueries };
  });
}
