import { useEffect, type RefObject } from "react";

/**
 * Keeps a text field in view while it has the focus and the viewport shrinks: when a phone's keyboard opens
 * (index.html asks for interactive-widget=resizes-content, so the page itself shrinks), the field being typed in
 * stays above the keyboard instead of under it.
 */
export function useKeepInView(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const viewport = window.visualViewport;
    const reveal = () => {
      const el = ref.current;
      if (el && document.activeElement === el) el.scrollIntoView({ block: "nearest" });
    };
    viewport?.addEventListener("resize", reveal);
    window.addEventListener("resize", reveal);
    return () => {
      viewport?.removeEventListener("resize", reveal);
      window.removeEventListener("resize", reveal);
    };
  }, [ref]);
}
