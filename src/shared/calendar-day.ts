/**
 * A day written AAAA-MM-DD that exists (Date would roll 30 February over into
 * March), in years the caravan can have: PostgreSQL refuses year 0000, and a
 * far year is no real record either.
 */
export function isCalendarDay(day: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return false;
  const [y, m, d] = match.slice(1).map(Number);
  if (y < 2000 || y > 2999) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** "12/08/2025" from "2025-08-12", as the panel and the messages write a day. */
export const brDay = (day: string): string => day.split("-").reverse().join("/");
