/**
 * The line icons the landing page draws. They are part of the first load: the landing page imports them from here
 * (everything else from components/icons), so that no other icon joins its first chunk. Keep this file to those.
 */
import { lineIcon } from "./line-icon";

export const ArrowRightIcon = /* @__PURE__ */ lineIcon("ArrowRightIcon", [
  <path key="a" d="M5 12h14" />,
  <path key="b" d="m12 5 7 7-7 7" />,
]);
export const UsersIcon = /* @__PURE__ */ lineIcon("UsersIcon", [
  <circle key="a" cx="9" cy="7" r="4" />,
  <path key="b" d="M3 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2" />,
  <path key="c" d="M16 3.1a4 4 0 0 1 0 7.8" />,
  <path key="d" d="M21 21v-2a4 4 0 0 0-3-3.9" />,
]);
export const UserPlusIcon = /* @__PURE__ */ lineIcon("UserPlusIcon", [
  <circle key="a" cx="9" cy="7" r="4" />,
  <path key="b" d="M2 21v-2a4 4 0 0 1 4-4h6a4 4 0 0 1 4 4v2" />,
  <path key="c" d="M19 8v6" />,
  <path key="d" d="M22 11h-6" />,
]);
export const MapPinIcon = /* @__PURE__ */ lineIcon("MapPinIcon", [
  <path key="a" d="M20 10c0 6-8 12-8 12S4 16 4 10a8 8 0 0 1 16 0z" />,
  <circle key="b" cx="12" cy="10" r="3" />,
]);
export const MessageIcon = /* @__PURE__ */ lineIcon("MessageIcon", [
  <path
    key="a"
    d="M21 11.5a8.4 8.4 0 0 1-9 8.4 8.5 8.5 0 0 1-3.8-.9L3 21l1.9-5.7A8.4 8.4 0 0 1 12 3a8.5 8.5 0 0 1 9 8.5z"
  />,
]);
export const ShieldCheckIcon = /* @__PURE__ */ lineIcon("ShieldCheckIcon", [
  <path key="a" d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z" />,
  <path key="b" d="m9 12 2 2 4-4" />,
]);
export const SmartphoneIcon = /* @__PURE__ */ lineIcon("SmartphoneIcon", [
  <rect key="a" x="5" y="2" width="14" height="20" rx="2.5" />,
  <path key="b" d="M12 18h.01" />,
]);
export const IdCardIcon = /* @__PURE__ */ lineIcon("IdCardIcon", [
  <rect key="a" x="2" y="4" width="20" height="16" rx="2.5" />,
  <circle key="b" cx="8.5" cy="11" r="2.5" />,
  <path key="c" d="M5 17a3.5 3.5 0 0 1 7 0" />,
  <path key="d" d="M15 10h4" />,
  <path key="e" d="M15 14h3" />,
]);
export const CheckIcon = /* @__PURE__ */ lineIcon("CheckIcon", [<path key="a" d="M20 6 9 17l-5-5" />]);
export const LockIcon = /* @__PURE__ */ lineIcon("LockIcon", [
  <rect key="a" x="3" y="11" width="18" height="11" rx="2" />,
  <path key="b" d="M7 11V7a5 5 0 0 1 10 0v4" />,
]);
export const CompassIcon = /* @__PURE__ */ lineIcon("CompassIcon", [
  <circle key="a" cx="12" cy="12" r="10" />,
  <path key="b" d="m16.2 7.8-2.1 6.3-6.3 2.1 2.1-6.3z" />,
]);
export const PlayIcon = /* @__PURE__ */ lineIcon("PlayIcon", [
  <circle key="a" cx="12" cy="12" r="10" />,
  <path key="b" d="m10 8 6 4-6 4z" />,
]);
