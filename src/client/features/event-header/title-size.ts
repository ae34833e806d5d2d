import { STORAGE_KEYS } from "../../../shared/constants";

// Accepted values of localStorage.headerTitleSize; see docs/decisions (header title size).
export const TITLE_SIZES = ["small", "medium", "large", "xlarge"] as const;
export type TitleSize = (typeof TITLE_SIZES)[number];
export const DEFAULT_TITLE_SIZE: TitleSize = "large";

/** The stored preference, or the default for a missing, unknown or unreadable value. */
export function readTitleSize(): TitleSize {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(STORAGE_KEYS.headerTitleSize);
  } catch {
    // Storage blocked (private mode, settings): the default is fine.
  }
  return (TITLE_SIZES as readonly string[]).includes(stored ?? "") ? (stored as TitleSize) : DEFAULT_TITLE_SIZE;
}
