import type { CSSProperties } from "react";
import { DECOR_ICON_NAMES, type DecorIconName } from "./decor-icons";

// Counts from the spec (section 9). The splash has its own 20-particle burst.
export const DECOR_COUNTS = { icons: 15, lights: 8, particles: 40 } as const;

/** Seeded so every load draws the same sky: no layout shift, nothing random in tests. */
function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rnd = seeded(2025);
const between = (min: number, max: number) => min + rnd() * (max - min);
const pct = (n: number) => `${n.toFixed(1)}%`;
const sec = (n: number) => `${n.toFixed(2)}s`;

// Positions, sizes and timings go through CSS custom properties (set via CSSOM,
// which the Content-Security-Policy allows); the keyframes live in decor.css.
type Vars = CSSProperties & Record<`--${string}`, string>;

export const ICONS: { name: DecorIconName; style: Vars }[] = Array.from({ length: DECOR_COUNTS.icons }, (_, i) => ({
  name: DECOR_ICON_NAMES[i % DECOR_ICON_NAMES.length],
  style: {
    "--x": pct(between(2, 92)),
    "--y": pct(between(3, 90)),
    "--size": `${Math.round(between(18, 40))}px`,
    "--dur": sec(between(7, 13)),
    "--delay": sec(-between(0, 12)),
    "--tilt": `${Math.round(between(-25, 25))}deg`,
  },
}));

export const LIGHTS: Vars[] = Array.from({ length: DECOR_COUNTS.lights }, () => ({
  "--x": pct(between(-10, 85)),
  "--y": pct(between(-5, 85)),
  "--size": `${Math.round(between(160, 340))}px`,
  "--dur": sec(between(6, 11)),
  "--delay": sec(-between(0, 10)),
}));

export const PARTICLES: Vars[] = Array.from({ length: DECOR_COUNTS.particles }, () => ({
  "--x": pct(between(0, 100)),
  "--size": `${between(2, 5).toFixed(1)}px`,
  "--dur": sec(between(9, 20)),
  "--delay": sec(-between(0, 20)),
  "--drift": `${Math.round(between(-40, 40))}px`,
}));
