// Small line icons for the floating background. SVG rather than emoji: every
// phone draws them the same, and they carry no text for contrast checkers.
const PATHS = {
  cross: "M10 2h4v6h6v4h-6v10h-4V12H4V8h6z",
  dove: "M3 14c3 0 5-1 7-4 1-2 3-4 6-4 2 0 3 1 4 2l2 1-2 1c0 4-3 8-8 8-3 0-6-1-8-3l3-1z",
  heart: "M12 21 4 13a5 5 0 0 1 8-6 5 5 0 0 1 8 6z",
  star: "M12 2l2.6 7.4H22l-6 4.6 2.3 7.4L12 17l-6.3 4.4L8 14 2 9.4h7.4z",
  church: "M11 1h2v3h2v2h-2v3l5 4v9h-5v-5h-2v5H6v-9l5-4V6H9V4h2z",
  flame: "M12 2c1 4 6 6 6 12a6 6 0 0 1-12 0c0-3 2-5 3-7 0 2 1 3 2 3 0-3 0-5 1-8z",
  sparkle: "M12 2c.6 5 2.5 7.4 8 10-5.5 2.6-7.4 5-8 10-.6-5-2.5-7.4-8-10 5.5-2.6 7.4-5 8-10z",
} as const;

export type DecorIconName = keyof typeof PATHS;
export const DECOR_ICON_NAMES = Object.keys(PATHS) as DecorIconName[];

export function DecorIcon({ name }: { name: DecorIconName }) {
  return (
    <svg viewBox="0 0 24 24" width="100%" height="100%" focusable="false" aria-hidden="true">
      <path d={PATHS[name]} fill="currentColor" />
    </svg>
  );
}
