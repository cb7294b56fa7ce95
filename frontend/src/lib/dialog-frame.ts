/**
 * The frame of a dialog whose code is still loading: the backdrop, a panel with the dialog's title and a spinner.
 * A tap that opens a dialog shows it at once, in plain DOM (it needs neither React nor the UI library, so the landing
 * page's small script can show it before the app has loaded), and the dialog hides it when it mounts. Escape or a tap
 * on the backdrop dismisses it as they would the dialog. Shown once, however many callers ask.
 */
const FRAME_ID = "dialog-frame";

/**
 * The frame's colours, sizes and motion: those of the app's dialogs, so that the real one replaces it in place. The
 * colours are the theme's variables (the app's stylesheet, on every page), so the frame follows the colour mode.
 */
const STYLE = {
  backdrop:
    "position:fixed;inset:0;z-index:1400;background:#0007;display:flex;justify-content:center;align-items:flex-start;padding:4rem 1rem",
  panel:
    "background:var(--chakra-colors-bg-panel);color:var(--chakra-colors-fg);border-radius:.75rem;box-shadow:0 10px 40px #0004;width:100%;max-width:28rem;padding:1.5rem;display:grid;justify-items:center;gap:1rem;outline:0",
  title: "margin:0;justify-self:stretch;font-size:1.25rem;font-weight:700",
  status: "display:grid;justify-items:center;gap:.5rem;font-size:.875rem",
  spinner:
    "width:2rem;height:2rem;border-radius:50%;border:3px solid var(--chakra-colors-border);border-top-color:var(--chakra-colors-brand-solid)",
};

function element(tag: string, style: string, text?: string): HTMLElement {
  const node = document.createElement(tag);
  node.style.cssText = style;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** What dismissing the frame on screen undoes: the latest caller's, who now owns the dialog's opening. */
let onDismiss: (() => void) | null = null;

function dismiss(): void {
  const undo = onDismiss;
  hideDialogFrame();
  undo?.();
}

function onKey(event: KeyboardEvent): void {
  if (event.key === "Escape") dismiss();
}

/**
 * Shows the frame of the dialog titled `title`, with `loading` beneath it; `whenDismissed` runs if the visitor
 * dismisses it, so that the dialog does not open once its code is here. A frame already on screen stays, with this
 * title, and dismissing it then runs this caller's `whenDismissed` (the app, taking over from the landing page's script).
 */
export function showDialogFrame(title: string, loading: string, whenDismissed: () => void): void {
  onDismiss = whenDismissed;
  const shown = document.getElementById(`${FRAME_ID}-title`);
  if (shown) {
    shown.textContent = title;
    return;
  }
  const backdrop = element("div", STYLE.backdrop);
  backdrop.id = FRAME_ID;
  const panel = element("section", STYLE.panel);
  panel.setAttribute("role", "dialog");
  panel.setAttribute("aria-modal", "true");
  panel.setAttribute("aria-busy", "true");
  panel.setAttribute("aria-labelledby", `${FRAME_ID}-title`);
  panel.tabIndex = -1;
  const heading = element("h2", STYLE.title, title);
  heading.id = `${FRAME_ID}-title`;
  const status = element("div", STYLE.status);
  status.setAttribute("role", "status");
  const spinner = element("div", STYLE.spinner);
  spinner.setAttribute("aria-hidden", "true");
  status.append(spinner, element("span", "", loading));
  panel.append(heading, status);
  backdrop.append(panel);
  backdrop.addEventListener("click", (event) => {
    if (event.target === backdrop) dismiss();
  });
  document.addEventListener("keydown", onKey);
  document.body.append(backdrop);
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  spinner.animate([{ transform: "rotate(0turn)" }, { transform: "rotate(1turn)" }], {
    duration: reduce ? 2000 : 700,
    iterations: Infinity,
  });
  panel.focus();
}

export function hideDialogFrame(): void {
  document.getElementById(FRAME_ID)?.remove();
  document.removeEventListener("keydown", onKey);
  onDismiss = null;
}
