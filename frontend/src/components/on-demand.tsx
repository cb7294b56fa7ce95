import { lazy, Suspense, useState, type ComponentType } from "react";

/**
 * A component whose code loads the first time it is wanted rather than with the page: a dialog (the dialog machinery
 * and, most often, a form with its validation) that most visits never open. `useWanted` tells from the props (or a
 * store) whether it is wanted now; from then on it stays mounted, so that closing animates as before and the next
 * opening is immediate. After the first visit the service worker holds the code, so even the first opening is.
 */
export function onDemand<P extends object>(
  load: () => Promise<ComponentType<P>>,
  useWanted: (props: P) => boolean,
): ComponentType<P> {
  const Loaded = lazy(async () => ({ default: await load() }));
  function OnDemand(props: P) {
    const wanted = useWanted(props);
    const [mounted, setMounted] = useState(wanted);
    if (wanted && !mounted) setMounted(true);
    if (!mounted) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return OnDemand;
}

/** For a dialog that is open when its `open` prop says so. */
export const whenOpen = (props: { open: boolean }): boolean => props.open;
