/**
 * Marker icons built as DOM nodes, not HTML strings: names and image URLs come from users, so nothing here is ever
 * parsed as markup.
 */
import L from "leaflet";
import type { Shift } from "./spread";

const NO_SHIFT: Shift = { x: 0, y: 0 };

/** Every marker takes taps over at least this width: the smallest target a finger hits reliably. */
const TOUCH_PX = 44;
export const MEMBER_ICON_PX = TOUCH_PX;
const DESTINATION_ICON_W = 36;
const DESTINATION_ICON_H = 46;
const PICK_ICON_W = 32;
const PICK_ICON_H = 42;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  return node;
}

/** The box a marker takes on screen, for laying overlapping markers side by side (spread.ts). */
export const MARKER_BOX = { width: TOUCH_PX, height: TOUCH_PX + 6, gap: 4 };

/**
 * A round avatar: the member's picture, or their initials when there is none or it fails to load. `shift` draws it
 * that many pixels away from its point (markers that would overlap are laid side by side, or in rows).
 */
export function memberIcon(opts: {
  initials: string;
  imageUrl?: string | null;
  self?: boolean;
  label: string;
  shift?: Shift;
}): L.DivIcon {
  const { x: shiftX, y: shiftY } = opts.shift ?? NO_SHIFT;
  const root = el("div", `caravan-member${opts.self ? " caravan-member--self" : ""}`);
  root.setAttribute("role", "img");
  root.setAttribute("aria-label", opts.label);
  const face = el("span", "caravan-member__face");
  const showInitials = () => {
    face.replaceChildren();
    face.textContent = opts.initials;
  };
  if (opts.imageUrl) {
    const img = el("img", "caravan-member__img");
    img.alt = "";
    img.referrerPolicy = "no-referrer";
    img.decoding = "async";
    img.addEventListener("error", showInitials, { once: true });
    img.src = opts.imageUrl;
    face.append(img);
  } else {
    showInitials();
  }
  root.append(face, el("span", "caravan-member__tip"));
  return L.divIcon({
    html: root,
    className: "caravan-marker",
    iconSize: [MEMBER_ICON_PX, MEMBER_ICON_PX + 6],
    iconAnchor: [MEMBER_ICON_PX / 2 - shiftX, MEMBER_ICON_PX + 6 - shiftY],
    popupAnchor: [shiftX, -(MEMBER_ICON_PX + 4) + shiftY],
    tooltipAnchor: [MEMBER_ICON_PX / 2 + shiftX, -(MEMBER_ICON_PX / 2 + 4) + shiftY],
  });
}

const SVG_NS = "http://www.w3.org/2000/svg";

function pinSvg(className: string, width: number, height: number, glyph: "flag" | "dot"): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 36 46");
  svg.setAttribute("width", String(width));
  svg.setAttribute("height", String(height));
  svg.setAttribute("class", className);
  svg.setAttribute("aria-hidden", "true");
  const body = document.createElementNS(SVG_NS, "path");
  body.setAttribute("d", "M18 45c-1.2 0-15.5-17.4-15.5-27.5a15.5 15.5 0 0 1 31 0C33.5 27.6 19.2 45 18 45z");
  body.setAttribute("class", "caravan-pin__body");
  svg.append(body);
  if (glyph === "flag") {
    const pole = document.createElementNS(SVG_NS, "path");
    pole.setAttribute("d", "M13 26V9.5");
    pole.setAttribute("class", "caravan-pin__stroke");
    const flag = document.createElementNS(SVG_NS, "path");
    flag.setAttribute("d", "M13 10h10.5l-2.6 4 2.6 4H13z");
    flag.setAttribute("class", "caravan-pin__flag");
    svg.append(pole, flag);
  } else {
    const dot = document.createElementNS(SVG_NS, "circle");
    dot.setAttribute("cx", "18");
    dot.setAttribute("cy", "17");
    dot.setAttribute("r", "6");
    dot.setAttribute("class", "caravan-pin__dot");
    svg.append(dot);
  }
  return svg;
}

/** The group's main destination: a dark pin with a coral flag, unlike any person's marker. */
export function destinationIcon(label: string, shift: Shift = NO_SHIFT): L.DivIcon {
  const { x: shiftX, y: shiftY } = shift;
  const root = el("div", "caravan-pin caravan-pin--destination");
  root.setAttribute("role", "img");
  root.setAttribute("aria-label", label);
  root.append(pinSvg("caravan-pin__svg", DESTINATION_ICON_W, DESTINATION_ICON_H, "flag"));
  return L.divIcon({
    html: root,
    className: "caravan-marker",
    // The pin is drawn narrower than the box that takes the tap; the box is centred on the pin's point.
    iconSize: [TOUCH_PX, Math.max(DESTINATION_ICON_H, TOUCH_PX)],
    iconAnchor: [TOUCH_PX / 2 - shiftX, DESTINATION_ICON_H - 1 - shiftY],
    popupAnchor: [shiftX, -DESTINATION_ICON_H + 4 + shiftY],
    tooltipAnchor: [TOUCH_PX / 2 + shiftX, -DESTINATION_ICON_H / 2 + shiftY],
  });
}

/**
 * The destination's name beside its pin (map.css, .caravan-destination-label), measured without reading the page's
 * layout: a rough width per character of its bold 12px text, its padding and Leaflet's arrow, its height, how far
 * sideways from the pin's point it starts (the tap box's half width) and how high its middle is.
 */
export const DESTINATION_LABEL = {
  charPx: 7.6,
  extraPx: 30,
  heightPx: 28,
  maxChars: 24,
  reachPx: TOUCH_PX / 2,
  /** Its middle stands level with the pin's middle (the icon's tooltipAnchor). */
  risePx: DESTINATION_ICON_H / 2,
};

export const destinationLabelWidth = (name: string) =>
  DESTINATION_LABEL.extraPx + Math.min(name.length, DESTINATION_LABEL.maxChars) * DESTINATION_LABEL.charPx;

/** The point being chosen in the location picker. */
export function pickIcon(label: string): L.DivIcon {
  const root = el("div", "caravan-pin caravan-pin--pick");
  root.setAttribute("role", "img");
  root.setAttribute("aria-label", label);
  root.append(pinSvg("caravan-pin__svg", PICK_ICON_W, PICK_ICON_H, "dot"));
  return L.divIcon({
    html: root,
    className: "caravan-marker",
    // The pin is drawn narrower than the box that takes the tap; the box is centred on the pin's point.
    iconSize: [TOUCH_PX, Math.max(PICK_ICON_H, TOUCH_PX)],
    iconAnchor: [TOUCH_PX / 2, PICK_ICON_H - 1],
  });
}
