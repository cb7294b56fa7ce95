/** Line icons of the group screens, on the same 24-unit grid and 2-unit stroke as components/icons. */
import { lineIcon } from "../../components/icons";

export const DoorExitIcon = lineIcon("DoorExitIcon", [
  <path key="a" d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />,
  <path key="b" d="m16 17 5-5-5-5" />,
  <path key="c" d="M21 12H9" />,
]);
export const TargetIcon = lineIcon("TargetIcon", [
  <circle key="a" cx="12" cy="12" r="9" />,
  <circle key="b" cx="12" cy="12" r="5" />,
  <circle key="c" cx="12" cy="12" r="1" />,
]);
export const SuitcaseIcon = lineIcon("SuitcaseIcon", [
  <rect key="a" x="3" y="7" width="18" height="13" rx="2" />,
  <path key="b" d="M8 7V5a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2M3 13h18" />,
]);
export const ListIcon = lineIcon("ListIcon", [
  <path key="a" d="M8 6h13M8 12h13M8 18h13" />,
  <path key="b" d="M3 6h.01M3 12h.01M3 18h.01" />,
]);
export const ShieldIcon = lineIcon("ShieldIcon", [
  <path key="a" d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z" />,
  <path key="b" d="m9 12 2 2 4-4" />,
]);
export const ImageIcon = lineIcon("ImageIcon", [
  <rect key="a" x="3" y="3" width="18" height="18" rx="2" />,
  <circle key="b" cx="9" cy="9" r="2" />,
  <path key="c" d="m21 15-5-5L5 21" />,
]);
