import { STORAGE_KEYS } from "../../../shared/constants";
import { dayIn } from "../../../shared/dates";

// Whoever opened the doors on this phone today is not made to open them again
// (a reload, a tab Android killed, a second sibling). The day is the event's.

export function doorsOpenedToday(zone: string, now = new Date()): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.doorsOpenedOn) === dayIn(now, zone);
  } catch {
    return false;
  }
}

export function rememberDoorsOpened(zone: string, now = new Date()): void {
  try {
    localStorage.setItem(STORAGE_KEYS.doorsOpenedOn, dayIn(now, zone));
  } catch {
    // Blocked storage: the doors simply show again next time.
  }
}
