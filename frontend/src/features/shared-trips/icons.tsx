/**
 * Line icons used only by shared trips, on the same 24-unit grid and 2-unit strokes as components/icons. Icons other
 * screens use too come from components/icons and components/action-icons.
 */
import { lineIcon } from "../../components/icons";

export const ShareIcon = lineIcon("ShareIcon", [
  <circle key="a" cx="18" cy="5" r="3" />,
  <circle key="b" cx="6" cy="12" r="3" />,
  <circle key="c" cx="18" cy="19" r="3" />,
  <path key="d" d="m8.6 13.5 6.8 4" />,
  <path key="e" d="m15.4 6.5-6.8 4" />,
]);
export const ExternalLinkIcon = lineIcon("ExternalLinkIcon", [
  <path key="a" d="M15 3h6v6" />,
  <path key="b" d="M10 14 21 3" />,
  <path key="c" d="M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6" />,
]);
export const StopIcon = lineIcon("StopIcon", [<rect key="a" x="6" y="6" width="12" height="12" rx="2" />]);
export const PauseIcon = lineIcon("PauseIcon", [
  <rect key="a" x="6" y="5" width="4" height="14" rx="1" />,
  <rect key="b" x="14" y="5" width="4" height="14" rx="1" />,
]);
export const NavigationIcon = lineIcon("NavigationIcon", [<path key="a" d="m3 11 19-9-9 19-2-8-8-2z" />]);
export const LifebuoyIcon = lineIcon("LifebuoyIcon", [
  <circle key="a" cx="12" cy="12" r="10" />,
  <circle key="b" cx="12" cy="12" r="4" />,
  <path key="c" d="m4.9 4.9 4.3 4.3" />,
  <path key="d" d="m14.8 14.8 4.3 4.3" />,
  <path key="e" d="m14.8 9.2 4.3-4.3" />,
  <path key="f" d="m4.9 19.1 4.3-4.3" />,
]);
export const LockSmallIcon = lineIcon("LockSmallIcon", [
  <rect key="a" x="4" y="11" width="16" height="10" rx="2" />,
  <path key="b" d="M8 11V7a4 4 0 0 1 8 0v4" />,
]);
export const DownloadIcon = lineIcon("DownloadIcon", [
  <path key="a" d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4" />,
  <path key="b" d="m7 10 5 5 5-5" />,
  <path key="c" d="M12 15V3" />,
]);
