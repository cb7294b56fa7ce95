import { useEffect, useState, type RefCallback } from "react";

/**
 * Whether an element has come within `margin` (a CSS margin, as IntersectionObserver's rootMargin) of the viewport,
 * for parts that are worth loading only once someone may see them. It stays true from then on. Where there is no
 * IntersectionObserver (the server's drawing, a test's DOM) everything counts as near.
 */
export function useNearViewport<T extends Element>(margin: string): [near: boolean, ref: RefCallback<T>] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
  const [element, setElement] = useState<T | null>(null);
  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, element, margin]);
  return [near, setElement];
}
