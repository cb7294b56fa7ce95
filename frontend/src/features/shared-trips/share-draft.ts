/**
 * A watcher's unsent chat message, kept in this tab's session storage per share: signing in (here, or through a
 * provider's pages) reloads the page, and the message is still in the box afterwards. Storage may be refused
 * (private modes, quotas): the draft then lives only as long as the page, as before.
 */
const key = (token: string) => `caravan:share-draft:${token}`;

export function readDraft(token: string): string {
  try {
    return window.sessionStorage.getItem(key(token)) ?? "";
  } catch {
    return "";
  }
}

export function saveDraft(token: string, text: string): void {
  try {
    if (text) window.sessionStorage.setItem(key(token), text);
    else window.sessionStorage.removeItem(key(token));
  } catch {
    // Not kept across the sign-in: see above.
  }
}
