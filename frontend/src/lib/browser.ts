/** Full-page navigations: to server routes (login, logout, OAuth) and after sign-in, for a clean client state. */
export function navigateTo(url: string): void {
  window.location.assign(url);
}

export function currentPath(): string {
  return window.location.pathname + window.location.search;
}
