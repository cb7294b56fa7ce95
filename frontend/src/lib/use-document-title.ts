import { useEffect } from "react";

/** A page's title as the browser's tab shows it: what the page is, then the app's name. */
export const pageTitle = (name?: string): string => (name ? `${name} · Caravan` : "Caravan");

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
