/**
 * The colour mode as the app reads and changes it. Each page's head script (common/src/color-mode.ts) has put
 * `light` or `dark` on `<html>` before the first paint, and follows the system's setting while no choice is kept;
 * here the user menu's choice is kept in this browser and applied at once.
 */
import { useSyncExternalStore } from "react";
import {
  COLOR_MODE_STORAGE_KEY,
  DARK_QUERY,
  isColorModeChoice,
  type ColorMode,
  type ColorModeChoice,
} from "@caravan/common";

/** The kept choice: "system" when none is kept, or the browser keeps nothing. */
export function colorModeChoice(): ColorModeChoice {
  try {
    const kept = localStorage.getItem(COLOR_MODE_STORAGE_KEY);
    return isColorModeChoice(kept) ? kept : "system";
  } catch {
    return "system";
  }
}

/** The mode `<html>` shows. */
export const colorMode = (): ColorMode => (document.documentElement.classList.contains("dark") ? "dark" : "light");

/** The mode for `choice`: for "system", the system's setting. */
export const colorModeOf = (choice: ColorModeChoice): ColorMode =>
  choice === "system" ? (matchMedia(DARK_QUERY).matches ? "dark" : "light") : choice;

function apply(mode: ColorMode): void {
  const root = document.documentElement;
  root.classList.remove(mode === "dark" ? "light" : "dark");
  root.classList.add(mode);
}

const listeners = new Set<() => void>();

/** Keeps `choice` in this browser (removing it for "system") and shows its mode. */
export function setColorModeChoice(choice: ColorModeChoice): void {
  try {
    if (choice === "system") localStorage.removeItem(COLOR_MODE_STORAGE_KEY);
    else localStorage.setItem(COLOR_MODE_STORAGE_KEY, choice);
  } catch {
    // A browser that keeps nothing still shows the choice until the page is left.
  }
  apply(colorModeOf(choice));
  for (const listener of listeners) listener();
}

function subscribeToChoice(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's choice (the head script applies it here too).
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

/** The kept choice, re-rendered as it changes. */
export const useColorModeChoice = (): ColorModeChoice =>
  useSyncExternalStore(subscribeToChoice, colorModeChoice, () => "system");

function subscribeToMode(listener: () => void): () => void {
  const observer = new MutationObserver(listener);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}

/** The mode `<html>` shows, re-rendered as it changes (a choice made, the system's setting changed). */
export const useColorMode = (): ColorMode => useSyncExternalStore(subscribeToMode, colorMode, () => "light");
