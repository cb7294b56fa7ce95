/**
 * That the visitor pressed Join Group while signed out, kept in this tab's session storage across the sign-in (which
 * reloads the page): back on the same invite and signed in, the join goes ahead without a second press. Only this
 * page writes it, so no other site can make anyone join.
 */
const KEY = "caravan:join-intent";

export function keepJoinIntent(token: string): void {
  try {
    window.sessionStorage.setItem(KEY, token);
  } catch {
    // Storage refused: the visitor presses Join Group again after signing in.
  }
}

export function wantedToJoin(token: string): boolean {
  try {
    return window.sessionStorage.getItem(KEY) === token;
  } catch {
    return false;
  }
}

export function clearJoinIntent(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
