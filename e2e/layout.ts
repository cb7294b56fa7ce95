/**
 * Layout checks for phones. Mobile Chromium widens its layout viewport to fit content that overflows, so
 * `scrollWidth - innerWidth` reads 0 on a page that runs off the screen: these compare element boxes with the
 * device's width instead.
 */
import type { Page } from "playwright-core";

/** WCAG 2.5.5's target size, and what Apple and Google ask of touch controls. */
export const TOUCH_TARGET_PX = 44;

/**
 * Elements that reach past the left or right edge of a `width`-px screen, described for a failure message. An
 * element inside a box that clips (overflow other than visible) and that itself fits is cut, not overflowing: the
 * map's tiles, a scrolling message list.
 */
export function offscreenElements(page: Page, width: number): Promise<string[]> {
  return page.evaluate((screen) => {
    const fits = (r: DOMRect) => r.left >= -0.5 && r.right <= screen + 0.5;
    const out: string[] = [];
    for (const el of document.querySelectorAll("body *")) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || fits(r)) continue;
      if (getComputedStyle(el).visibility === "hidden") continue;
      let clipped = false;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== "visible" && fits(a.getBoundingClientRect())) {
          clipped = true;
          break;
        }
      }
      if (clipped) continue;
      const id = el.getAttribute("data-testid") ?? el.getAttribute("aria-label") ?? "";
      const text = (el.textContent ?? "").trim().slice(0, 40);
      out.push(
        `<${el.tagName.toLowerCase()}${id ? ` ${id}` : ""}> ${Math.round(r.left)}..${Math.round(r.right)} "${text}"`,
      );
    }
    return out;
  }, width);
}

/**
 * Controls a finger must hit that are smaller than TOUCH_TARGET_PX either way. A control is measured by the box
 * that takes the tap (a switch's or checkbox's label); links inside running text are exempt, as WCAG exempts them.
 */
export function smallTouchTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector =
      'button, a[href], input:not([type="hidden"]), textarea, select, [role="button"], [role="switch"], [role="checkbox"], [role="menuitem"], [role="tab"]';
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || el.closest("[aria-hidden='true'], [inert]")) continue;
      let box = el.getBoundingClientRect();
      // Visually hidden inputs (a switch's, a checkbox's) are hit through their label.
      if (box.width <= 1 || box.height <= 1) {
        const label = el.closest("label");
        if (!label) continue;
        box = label.getBoundingClientRect();
      }
      // A card's link overlay stretches over the whole card: the card is what takes the tap.
      const card = el.matches(".chakra-linkbox__overlay") ? el.closest(".chakra-linkbox") : null;
      if (card) box = card.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (el.tagName === "A" && el.parentElement?.closest("p, li, .leaflet-control-attribution")) continue;
      if (box.width + 0.5 >= min && box.height + 0.5 >= min) continue;
      const name = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40);
      out.push(`<${el.tagName.toLowerCase()}> "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
    return out;
  }, TOUCH_TARGET_PX);
}

/**
 * Headings whose text a control covers, described for a failure message: a row that does not wrap on a narrow phone
 * lays a button over the title next to it. The heading's text is measured, not its box, which a block heading
 * stretches across the whole row; and only a control drawn on top of it at that spot counts.
 */
export function coveredHeadings(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const controls = [...document.querySelectorAll<HTMLElement>("button, a[href], input, textarea, [role='button']")];
    for (const heading of document.querySelectorAll<HTMLElement>("h1, h2, h3")) {
      if (heading.closest("[aria-hidden='true'], [inert]")) continue;
      const range = document.createRange();
      range.selectNodeContents(heading);
      const text = range.getBoundingClientRect();
      if (text.width === 0 || text.height === 0) continue;
      for (const control of controls) {
        if (control.contains(heading) || heading.contains(control)) continue;
        if (getComputedStyle(control).visibility === "hidden") continue;
        const box = control.getBoundingClientRect();
        const overlapX = Math.min(box.right, text.right) - Math.max(box.left, text.left);
        const overlapY = Math.min(box.bottom, text.bottom) - Math.max(box.top, text.top);
        if (box.width <= 0 || box.height <= 0 || overlapX <= 1 || overlapY <= 1) continue;
        // Only a control drawn on top counts (not one under an open dialog), and not the top bar that stays in
        // view while the page scrolls under it.
        const x = Math.max(box.left, text.left) + overlapX / 2;
        const y = Math.max(box.top, text.top) + overlapY / 2;
        const top = document.elementFromPoint(x, y);
        if (!top || !control.contains(top)) continue;
        let pinned = false;
        for (let a: HTMLElement | null = control; a; a = a.parentElement) {
          const position = getComputedStyle(a).position;
          if (position === "fixed" || position === "sticky") pinned = true;
        }
        if (!pinned) {
          const name = control.getAttribute("aria-label") ?? (control.textContent ?? "").trim().slice(0, 30);
          out.push(
            `"${(heading.textContent ?? "").trim().slice(0, 40)}" under <${control.tagName.toLowerCase()}> "${name}"`,
          );
        }
      }
    }
    return out;
  });
}

/**
 * Texts matching `selector` that are cut short (an ellipsis, a line clamp or a clipping box hides part of them),
 * described for a failure message: what a person must be able to read whole, such as a name.
 */
export function clippedTexts(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(sel)) {
      if (el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1) continue;
      out.push(
        `"${(el.textContent ?? "").trim()}" shows ${el.clientWidth}x${el.clientHeight} of ${el.scrollWidth}x${el.scrollHeight}`,
      );
    }
    return out;
  }, selector);
}

/**
 * Starts adding up the page's layout shifts not caused by input (Chromium's cumulative layout shift, as Lighthouse
 * reads it) from its first paint on: call before `goto`, then read them with `layoutShift`.
 */
export async function recordLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShift: number };
    w.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) w.layoutShift += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

export function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
}
