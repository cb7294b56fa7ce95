/** The sign-in providers' marks, in their own colours. */
import { createIcon } from "@chakra-ui/react";

export const GoogleMark = /* @__PURE__ */ createIcon({
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

export const MicrosoftMark = /* @__PURE__ */ createIcon({
  displayName: "MicrosoftMark",
  viewBox: "0 0 24 24",
  path: [
    <rect key="a" x="1" y="1" width="10.5" height="10.5" fill="#F25022" />,
    <rect key="b" x="12.5" y="1" width="10.5" height="10.5" fill="#7FBA00" />,
    <rect key="c" x="1" y="12.5" width="10.5" height="10.5" fill="#00A4EF" />,
    <rect key="d" x="12.5" y="12.5" width="10.5" height="10.5" fill="#FFB900" />,
  ],
});

export const YahooMark = /* @__PURE__ */ createIcon({
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
