/** Line icons for the group page's actions (invites, chat, checklists, proposals), on icons.tsx's 24-unit grid. */
import { lineIcon } from "./icons";

export const CopyIcon = lineIcon("CopyIcon", [
  <rect key="a" x="9" y="9" width="13" height="13" rx="2" />,
  <path key="b" d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />,
]);
export const LinkIcon = lineIcon("LinkIcon", [
  <path key="a" d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />,
  <path key="b" d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />,
]);
export const SendIcon = lineIcon("SendIcon", [
  <path key="a" d="m22 2-7 20-4-9-9-4z" />,
  <path key="b" d="M22 2 11 13" />,
]);
export const ListChecksIcon = lineIcon("ListChecksIcon", [
  <path key="a" d="m3 7 2 2 4-4" />,
  <path key="b" d="m3 17 2 2 4-4" />,
  <path key="c" d="M13 6h8" />,
  <path key="d" d="M13 12h8" />,
  <path key="e" d="M13 18h8" />,
]);
export const TrashIcon = lineIcon("TrashIcon", [
  <path key="a" d="M3 6h18" />,
  <path key="b" d="M19 6v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V6" />,
  <path key="c" d="M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2" />,
  <path key="d" d="M10 11v6" />,
  <path key="e" d="M14 11v6" />,
]);
export const CalendarIcon = lineIcon("CalendarIcon", [
  <rect key="a" x="3" y="4" width="18" height="18" rx="2" />,
  <path key="b" d="M16 2v4" />,
  <path key="c" d="M8 2v4" />,
  <path key="d" d="M3 10h18" />,
]);
export const ClockIcon = lineIcon("ClockIcon", [
  <circle key="a" cx="12" cy="12" r="10" />,
  <path key="b" d="M12 6v6l4 2" />,
]);
export const ThumbsUpIcon = lineIcon("ThumbsUpIcon", [
  <path key="a" d="M7 10v12" />,
  <path
    key="b"
    d="M15 5.9 14 10h5.8a2 2 0 0 1 1.9 2.6l-2.3 8A2 2 0 0 1 17.5 22H4a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h2.8a2 2 0 0 0 1.8-1.1L12 2a3.1 3.1 0 0 1 3 3.9z"
  />,
]);
export const ThumbsDownIcon = lineIcon("ThumbsDownIcon", [
  <path key="a" d="M17 14V2" />,
  <path
    key="b"
    d="M9 18.1 10 14H4.2a2 2 0 0 1-1.9-2.6l2.3-8A2 2 0 0 1 6.5 2H20a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-2.8a2 2 0 0 0-1.8 1.1L12 22a3.1 3.1 0 0 1-3-3.9z"
  />,
]);
export const SearchIcon = lineIcon("SearchIcon", [
  <circle key="a" cx="11" cy="11" r="8" />,
  <path key="b" d="m21 21-4.3-4.3" />,
]);
export const FlagIcon = lineIcon("FlagIcon", [
  <path key="a" d="M4 15s1-1 4-1 5 2 8 2 4-1 4-1V3s-1 1-4 1-5-2-8-2-4 1-4 1z" />,
  <path key="b" d="M4 22v-7" />,
]);
export const ArrowDownIcon = lineIcon("ArrowDownIcon", [
  <path key="a" d="M12 5v14" />,
  <path key="b" d="m19 12-7 7-7-7" />,
]);
export const AlertIcon = lineIcon("AlertIcon", [
  <circle key="a" cx="12" cy="12" r="10" />,
  <path key="b" d="M12 8v4" />,
  <path key="c" d="M12 16h.01" />,
]);
export const PartyIcon = lineIcon("PartyIcon", [
  <path key="a" d="M5.8 11.3 2 22l10.7-3.8" />,
  <path key="b" d="M4 3h.01" />,
  <path key="c" d="M22 8h.01" />,
  <path key="d" d="M15 2h.01" />,
  <path key="e" d="M22 20h.01" />,
  <path key="f" d="m22 2-2.2.8a2.9 2.9 0 0 0-1.9 3.2c.1.9-.6 1.7-1.5 1.7h-.4c-.9 0-1.6.7-1.8 1.5L14 10" />,
  <path key="g" d="M11 2c.4 1.2.5 2.5-.3 3.5" />,
  <path key="h" d="M12.8 11.2c1.8 1.8 2.7 3.7 2 4.4-.7.7-2.6-.2-4.4-2s-2.7-3.7-2-4.4c.7-.7 2.6.2 4.4 2z" />,
]);
