import { createIcon } from "@chakra-ui/react";
import type { ReactElement } from "react";

const stroke = {
  fill: "none",
  stroke: "currentColor",
  strokeWidth: "2",
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

/** A stroked icon on the 24-unit grid: every line icon of the product is made with this. */
export function lineIcon(displayName: string, path: ReactElement | ReactElement[]) {
  return createIcon({ displayName, viewBox: "0 0 24 24", path, defaultProps: stroke });
}
