/** The product's line icons (24-unit grid, 2-unit strokes) and the sign-in providers' marks, drawn in place. */
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

export const ArrowLeftIcon = lineIcon("ArrowLeftIcon", [
  <path key="a" d="M19 12H5" />,
  <path key="b" d="m12 19-7-7 7-7" />,
]);
export const ArrowRightIcon = lineIcon("ArrowRightIcon", [
  <path key="a" d="M5 12h14" />,
  <path key="b" d="m12 5 7 7-7 7" />,
]);
export const EyeIcon = lineIcon("EyeIcon", [
  <path key="a" d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />,
  <circle key="b" cx="12" cy="12" r="3" />,
]);
export const EyeOffIcon = lineIcon("EyeOffIcon", [
  <path key="a" d="m3 3 18 18" />,
  <path key="b" d="M10.6 5.1A10.7 10.7 0 0 1 12 5c6.5 0 10 7 10 7a17.4 17.4 0 0 1-3.2 4.2" />,
  <path key="c" d="M6.6 6.6C3.8 8.4 2 12 2 12s3.5 7 10 7a9.9 9.9 0 0 0 5.4-1.6" />,
  <path key="d" d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />,
]);
export const BellIcon = lineIcon("BellIcon", [
  <path key="a" d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />,
  <path key="b" d="M10.3 21a1.9 1.9 0 0 0 3.4 0" />,
]);
export const UsersIcon = lineIcon("UsersIcon", [
  <circle key="a" cx="9" cy="7" r="4" />,
  <path key="b" d="M3 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2" />,
  <path key="c" d="M16 3.1a4 4 0 0 1 0 7.8" />,
  <path key="d" d="M21 21v-2a4 4 0 0 0-3-3.9" />,
]);
export const UserPlusIcon = lineIcon("UserPlusIcon", [
  <circle key="a" cx="9" cy="7" r="4" />,
  <path key="b" d="M2 21v-2a4 4 0 0 1 4-4h6a4 4 0 0 1 4 4v2" />,
  <path key="c" d="M19 8v6" />,
  <path key="d" d="M22 11h-6" />,
]);
export const MapPinIcon = lineIcon("MapPinIcon", [
  <path key="a" d="M20 10c0 6-8 12-8 12S4 16 4 10a8 8 0 0 1 16 0z" />,
  <circle key="b" cx="12" cy="10" r="3" />,
]);
export const MessageIcon = lineIcon("MessageIcon", [
  <path
    key="a"
    d="M21 11.5a8.4 8.4 0 0 1-9 8.4 8.5 8.5 0 0 1-3.8-.9L3 21l1.9-5.7A8.4 8.4 0 0 1 12 3a8.5 8.5 0 0 1 9 8.5z"
  />,
]);
export const ShieldCheckIcon = lineIcon("ShieldCheckIcon", [
  <path key="a" d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z" />,
  <path key="b" d="m9 12 2 2 4-4" />,
]);
export const SmartphoneIcon = lineIcon("SmartphoneIcon", [
  <rect key="a" x="5" y="2" width="14" height="20" rx="2.5" />,
  <path key="b" d="M12 18h.01" />,
]);
export const IdCardIcon = lineIcon("IdCardIcon", [
  <rect key="a" x="2" y="4" width="20" height="16" rx="2.5" />,
  <circle key="b" cx="8.5" cy="11" r="2.5" />,
  <path key="c" d="M5 17a3.5 3.5 0 0 1 7 0" />,
  <path key="d" d="M15 10h4" />,
  <path key="e" d="M15 14h3" />,
]);
export const UserIcon = lineIcon("UserIcon", [
  <circle key="a" cx="12" cy="8" r="4" />,
  <path key="b" d="M4 21a8 8 0 0 1 16 0" />,
]);
export const CheckIcon = lineIcon("CheckIcon", [<path key="a" d="M20 6 9 17l-5-5" />]);
export const LockIcon = lineIcon("LockIcon", [
  <rect key="a" x="3" y="11" width="18" height="11" rx="2" />,
  <path key="b" d="M7 11V7a5 5 0 0 1 10 0v4" />,
]);
export const MailIcon = lineIcon("MailIcon", [
  <rect key="a" x="2" y="4" width="20" height="16" rx="2" />,
  <path key="b" d="m22 7-10 6L2 7" />,
]);
export const LogOutIcon = lineIcon("LogOutIcon", [
  <path key="a" d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />,
  <path key="b" d="m16 17 5-5-5-5" />,
  <path key="c" d="M21 12H9" />,
]);
export const HomeIcon = lineIcon("HomeIcon", [
  <path key="a" d="M3 10 12 3l9 7v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />,
  <path key="b" d="M9 22V12h6v10" />,
]);
export const CompassIcon = lineIcon("CompassIcon", [
  <circle key="a" cx="12" cy="12" r="10" />,
  <path key="b" d="m16.2 7.8-2.1 6.3-6.3 2.1 2.1-6.3z" />,
]);
export const PlayIcon = lineIcon("PlayIcon", [
  <circle key="a" cx="12" cy="12" r="10" />,
  <path key="b" d="m10 8 6 4-6 4z" />,
]);
export const RouteIcon = lineIcon("RouteIcon", [
  <circle key="a" cx="6" cy="19" r="3" />,
  <path key="b" d="M9 19h8.5a3.5 3.5 0 0 0 0-7h-11a3.5 3.5 0 0 1 0-7H15" />,
  <circle key="c" cx="18" cy="5" r="3" />,
]);
export const PlusIcon = lineIcon("PlusIcon", [<path key="a" d="M12 5v14" />, <path key="b" d="M5 12h14" />]);
export const GiftIcon = lineIcon("GiftIcon", [
  <rect key="a" x="3" y="8" width="18" height="4" rx="1" />,
  <path key="b" d="M12 8v13" />,
  <path key="c" d="M19 12v7a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2v-7" />,
  <path key="d" d="M7.5 8a2.5 2.5 0 0 1 0-5C11 3 12 8 12 8s1-5 4.5-5a2.5 2.5 0 0 1 0 5" />,
]);
export const SettingsIcon = lineIcon("SettingsIcon", [
  <path key="a" d="M4 21v-7" />,
  <path key="b" d="M4 10V3" />,
  <path key="c" d="M12 21v-9" />,
  <path key="d" d="M12 8V3" />,
  <path key="e" d="M20 21v-5" />,
  <path key="f" d="M20 12V3" />,
  <path key="g" d="M2 14h4" />,
  <path key="h" d="M10 8h4" />,
  <path key="i" d="M18 16h4" />,
]);

export const GoogleMark = createIcon({
  displayName: "GoogleMark",
  viewBox: "0 0 48 48",
  path: [
    <path
      key="y"
      fill="#FFC107"
      d="M43.6 20.1H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.6-.4-3.9z"
    />,
    <path
      key="r"
      fill="#FF3D00"
      d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
    />,
    <path
      key="g"
      fill="#4CAF50"
      d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z"
    />,
    <path
      key="b"
      fill="#1976D2"
      d="M43.6 20.1H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.6-.4-3.9z"
    />,
  ],
});

export const MicrosoftMark = createIcon({
  displayName: "MicrosoftMark",
  viewBox: "0 0 24 24",
  path: [
    <rect key="a" x="1" y="1" width="10.5" height="10.5" fill="#F25022" />,
    <rect key="b" x="12.5" y="1" width="10.5" height="10.5" fill="#7FBA00" />,
    <rect key="c" x="1" y="12.5" width="10.5" height="10.5" fill="#00A4EF" />,
    <rect key="d" x="12.5" y="12.5" width="10.5" height="10.5" fill="#FFB900" />,
  ],
});

export const YahooMark = createIcon({
  displayName: "YahooMark",
  viewBox: "0 0 24 24",
  path: [
    <rect key="a" width="24" height="24" rx="6" fill="#6001D2" />,
    <path
      key="b"
      fill="#fff"
      d="M4.5 7.5h3.1l1.9 4.8 1.9-4.8h3l-4.4 10H6.9l1.2-2.7zM16.4 7h3.2l-2.4 6.8h-2.6zM15.6 15a1.6 1.6 0 1 1 0 3.2 1.6 1.6 0 0 1 0-3.2z"
    />,
  ],
});
