/** Every other line icon: the signed-in screens, dialogs and shared trips. */
import { lineIcon } from "./line-icon";

export const ArrowLeftIcon = /* @__PURE__ */ lineIcon("ArrowLeftIcon", [
  <path key="a" d="M19 12H5" />,
  <path key="b" d="m12 19-7-7 7-7" />,
]);
export const EyeIcon = /* @__PURE__ */ lineIcon("EyeIcon", [
  <path key="a" d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />,
  <circle key="b" cx="12" cy="12" r="3" />,
]);
export const EyeOffIcon = /* @__PURE__ */ lineIcon("EyeOffIcon", [
  <path key="a" d="m3 3 18 18" />,
  <path key="b" d="M10.6 5.1A10.7 10.7 0 0 1 12 5c6.5 0 10 7 10 7a17.4 17.4 0 0 1-3.2 4.2" />,
  <path key="c" d="M6.6 6.6C3.8 8.4 2 12 2 12s3.5 7 10 7a9.9 9.9 0 0 0 5.4-1.6" />,
  <path key="d" d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />,
]);
export const BellIcon = /* @__PURE__ */ lineIcon("BellIcon", [
  <path key="a" d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />,
  <path key="b" d="M10.3 21a1.9 1.9 0 0 0 3.4 0" />,
]);
export const UserIcon = /* @__PURE__ */ lineIcon("UserIcon", [
  <circle key="a" cx="12" cy="8" r="4" />,
  <path key="b" d="M4 21a8 8 0 0 1 16 0" />,
]);
export const MailIcon = /* @__PURE__ */ lineIcon("MailIcon", [
  <rect key="a" x="2" y="4" width="20" height="16" rx="2" />,
  <path key="b" d="m22 7-10 6L2 7" />,
]);
export const LogOutIcon = /* @__PURE__ */ lineIcon("LogOutIcon", [
  <path key="a" d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />,
  <path key="b" d="m16 17 5-5-5-5" />,
  <path key="c" d="M21 12H9" />,
]);
export const HomeIcon = /* @__PURE__ */ lineIcon("HomeIcon", [
  <path key="a" d="M3 10 12 3l9 7v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />,
  <path key="b" d="M9 22V12h6v10" />,
]);
export const RouteIcon = /* @__PURE__ */ lineIcon("RouteIcon", [
  <circle key="a" cx="6" cy="19" r="3" />,
  <path key="b" d="M9 19h8.5a3.5 3.5 0 0 0 0-7h-11a3.5 3.5 0 0 1 0-7H15" />,
  <circle key="c" cx="18" cy="5" r="3" />,
]);
export const PlusIcon = /* @__PURE__ */ lineIcon("PlusIcon", [
  <path key="a" d="M12 5v14" />,
  <path key="b" d="M5 12h14" />,
]);
export const CopyIcon = /* @__PURE__ */ lineIcon("CopyIcon", [
  <rect key="a" x="9" y="9" width="13" height="13" rx="2" />,
  <path key="b" d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />,
]);
export const LinkIcon = /* @__PURE__ */ lineIcon("LinkIcon", [
  <path key="a" d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />,
  <path key="b" d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />,
]);
export const SendIcon = /* @__PURE__ */ lineIcon("SendIcon", [
  <path key="a" d="m22 2-7 20-4-9-9-4z" />,
  <path key="b" d="M22 2 11 13" />,
]);
export const ListChecksIcon = /* @__PURE__ */ lineIcon("ListChecksIcon", [
  <path key="a" d="m3 7 2 2 4-4" />,
  <path key="b" d="m3 17 2 2 4-4" />,
  <path key="c" d="M13 6h8" />,
  <path key="d" d="M13 12h8" />,
  <path key="e" d="M13 18h8" />,
]);
export const TrashIcon = /* @__PURE__ */ lineIcon("TrashIcon", [
  <path key="a" d="M3 6h18" />,
  <path key="b" d="M19 6v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V6" />,
  <path key="c" d="M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2" />,
  <path key="d" d="M10 11v6" />,
  <path key="e" d="M14 11v6" />,
]);
export const PencilIcon = /* @__PURE__ */ lineIcon("PencilIcon", [
  <path key="a" d="M17 3a2.8 2.8 0 0 1 4 4L7.5 20.5 2 22l1.5-5.5z" />,
  <path key="b" d="m15 5 4 4" />,
]);
export const CalendarIcon = /* @__PURE__ */ lineIcon("CalendarIcon", [
  <rect key="a" x="3" y="4" width="18" height="18" rx="2" />,
  <path key="b" d="M16 2v4" />,
  <path key="c" d="M8 2v4" />,
  <path key="d" d="M3 10h18" />,
]);
export const ClockIcon = /* @__PURE__ */ lineIcon("ClockIcon", [
  <circle key="a" cx="12" cy="12" r="10" />,
  <path key="b" d="M12 6v6l4 2" />,
]);
export const ThumbsUpIcon = /* @__PURE__ */ lineIcon("ThumbsUpIcon", [
  <path key="a" d="M7 10v12" />,
  <path
    key="b"
    d="M15 5.9 14 10h5.8a2 2 0 0 1 1.9 2.6l-2.3 8A2 2 0 0 1 17.5 22H4a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h2.8a2 2 0 0 0 1.8-1.1L12 2a3.1 3.1 0 0 1 3 3.9z"
  />,
]);
export const ThumbsDownIcon = /* @__PURE__ */ lineIcon("ThumbsDownIcon", [
  <path key="a" d="M17 14V2" />,
  <path
    key="b"
    d="M9 18.1 10 14H4.2a2 2 0 0 1-1.9-2.6l2.3-8A2 2 0 0 1 6.5 2H20a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-2.8a2 2 0 0 0-1.8 1.1L12 22a3.1 3.1 0 0 1-3-3.9z"
  />,
]);
export const SearchIcon = /* @__PURE__ */ lineIcon("SearchIcon", [
  <circle key="a" cx="11" cy="11" r="8" />,
  <path key="b" d="m21 21-4.3-4.3" />,
]);
export const FlagIcon = /* @__PURE__ */ lineIcon("FlagIcon", [
  <path key="a" d="M4 15s1-1 4-1 5 2 8 2 4-1 4-1V3s-1 1-4 1-5-2-8-2-4 1-4 1z" />,
  <path key="b" d="M4 22v-7" />,
]);
export const ArrowDownIcon = /* @__PURE__ */ lineIcon("ArrowDownIcon", [
  <path key="a" d="M12 5v14" />,
  <path key="b" d="m19 12-7 7-7-7" />,
]);
export const AlertIcon = /* @__PURE__ */ lineIcon("AlertIcon", [
  <circle key="a" cx="12" cy="12" r="10" />,
  <path key="b" d="M12 8v4" />,
  <path key="c" d="M12 16h.01" />,
]);
export const PartyIcon = /* @__PURE__ */ lineIcon("PartyIcon", [
  <path key="a" d="M5.8 11.3 2 22l10.7-3.8" />,
  <path key="b" d="M4 3h.01" />,
  <path key="c" d="M22 8h.01" />,
  <path key="d" d="M15 2h.01" />,
  <path key="e" d="M22 20h.01" />,
  <path key="f" d="m22 2-2.2.8a2.9 2.9 0 0 0-1.9 3.2c.1.9-.6 1.7-1.5 1.7h-.4c-.9 0-1.6.7-1.8 1.5L14 10" />,
  <path key="g" d="M11 2c.4 1.2.5 2.5-.3 3.5" />,
  <path key="h" d="M12.8 11.2c1.8 1.8 2.7 3.7 2 4.4-.7.7-2.6-.2-4.4-2s-2.7-3.7-2-4.4c.7-.7 2.6.2 4.4 2z" />,
]);
export const DoorExitIcon = /* @__PURE__ */ lineIcon("DoorExitIcon", [
  <path key="a" d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />,
  <path key="b" d="m16 17 5-5-5-5" />,
  <path key="c" d="M21 12H9" />,
]);
export const TargetIcon = /* @__PURE__ */ lineIcon("TargetIcon", [
  <circle key="a" cx="12" cy="12" r="9" />,
  <circle key="b" cx="12" cy="12" r="5" />,
  <circle key="c" cx="12" cy="12" r="1" />,
]);
export const SuitcaseIcon = /* @__PURE__ */ lineIcon("SuitcaseIcon", [
  <rect key="a" x="3" y="7" width="18" height="13" rx="2" />,
  <path key="b" d="M8 7V5a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2M3 13h18" />,
]);
export const ListIcon = /* @__PURE__ */ lineIcon("ListIcon", [
  <path key="a" d="M8 6h13M8 12h13M8 18h13" />,
  <path key="b" d="M3 6h.01M3 12h.01M3 18h.01" />,
]);
export const ShieldIcon = /* @__PURE__ */ lineIcon("ShieldIcon", [
  <path key="a" d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z" />,
  <path key="b" d="m9 12 2 2 4-4" />,
]);
export const ImageIcon = /* @__PURE__ */ lineIcon("ImageIcon", [
  <rect key="a" x="3" y="3" width="18" height="18" rx="2" />,
  <circle key="b" cx="9" cy="9" r="2" />,
  <path key="c" d="m21 15-5-5L5 21" />,
]);
export const ShareIcon = /* @__PURE__ */ lineIcon("ShareIcon", [
  <circle key="a" cx="18" cy="5" r="3" />,
  <circle key="b" cx="6" cy="12" r="3" />,
  <circle key="c" cx="18" cy="19" r="3" />,
  <path key="d" d="m8.6 13.5 6.8 4" />,
  <path key="e" d="m15.4 6.5-6.8 4" />,
]);
export const ExternalLinkIcon = /* @__PURE__ */ lineIcon("ExternalLinkIcon", [
  <path key="a" d="M15 3h6v6" />,
  <path key="b" d="M10 14 21 3" />,
  <path key="c" d="M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6" />,
]);
export const StopIcon = /* @__PURE__ */ lineIcon("StopIcon", [
  <rect key="a" x="6" y="6" width="12" height="12" rx="2" />,
]);
export const PauseIcon = /* @__PURE__ */ lineIcon("PauseIcon", [
  <rect key="a" x="6" y="5" width="4" height="14" rx="1" />,
  <rect key="b" x="14" y="5" width="4" height="14" rx="1" />,
]);
export const NavigationIcon = /* @__PURE__ */ lineIcon("NavigationIcon", [
  <path key="a" d="m3 11 19-9-9 19-2-8-8-2z" />,
]);
export const LifebuoyIcon = /* @__PURE__ */ lineIcon("LifebuoyIcon", [
  <circle key="a" cx="12" cy="12" r="10" />,
  <circle key="b" cx="12" cy="12" r="4" />,
  <path key="c" d="m4.9 4.9 4.3 4.3" />,
  <path key="d" d="m14.8 14.8 4.3 4.3" />,
  <path key="e" d="m14.8 9.2 4.3-4.3" />,
  <path key="f" d="m4.9 19.1 4.3-4.3" />,
]);
export const LockSmallIcon = /* @__PURE__ */ lineIcon("LockSmallIcon", [
  <rect key="a" x="4" y="11" width="16" height="10" rx="2" />,
  <path key="b" d="M8 11V7a4 4 0 0 1 8 0v4" />,
]);
export const DownloadIcon = /* @__PURE__ */ lineIcon("DownloadIcon", [
  <path key="a" d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4" />,
  <path key="b" d="m7 10 5 5 5-5" />,
  <path key="c" d="M12 15V3" />,
]);
