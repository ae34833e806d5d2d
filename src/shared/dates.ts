/**
 * Every day and moment the product writes, in one place: a calendar day
 * ("2025-08-16", as forms and settings hold it) and an instant shown in the
 * event's zone, whatever the device's. Pages, exports, messages and notices
 * take their formats from here, never from a toLocaleString of their own.
 */

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

/** The formats this module writes, each with its locale: en-CA writes dates as YYYY-MM-DD. */
const FORMATS = {
  dateTime: ["pt-BR", { day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit" }],
  dayMonth: ["pt-BR", { day: "2-digit", month: "2-digit" }],
  time: ["pt-BR", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }],
  isoDay: ["en-CA", { year: "numeric", month: "2-digit", day: "2-digit" }],
  wallClock: [
    "en-US",
    { hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" },
  ],
} as const satisfies Record<string, readonly [string, Intl.DateTimeFormatOptions]>;

// Building a formatter costs several times the date it formats (a message list of 5,000 deadlines spent most of
// its time there), so each format is built once per zone.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(name: keyof typeof FORMATS, zone: string): Intl.DateTimeFormat {
  const key = `${name} ${zone}`;
  let made = formatters.get(key);
  if (!made) {
    const [locale, fields] = FORMATS[name];
    made = new Intl.DateTimeFormat(locale, { ...fields, timeZone: zone });
    formatters.set(key, made);
  }
  return made;
}

/** An instant in one of the formats, in the zone; "Invalid Date", as Date's own toLocaleString writes it. */
function format(name: keyof typeof FORMATS, when: string | Date, zone: string): string {
  const instant = new Date(when);
  return Number.isNaN(instant.getTime()) ? "Invalid Date" : formatter(name, zone).format(instant);
}

/** "12/08/2025" from "2025-08-12", as the panel and the messages write a day. */
export const brDay = (day: string): string => day.split("-").reverse().join("/");

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * "16/08/2025 08:05" from a wall-clock time held as UTC milliseconds: the exports shift each instant to the
 * event's zone once in SQL, and 50,000 rows are written without a formatter per cell.
 */
export function formatLocalDateTime(localMs: number): string {
  const d = new Date(localMs);
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** "16/08/2025, 08:05" in the event's zone, whatever the device's. */
export function dateTimeIn(when: string | Date, zone: string): string {
  return format("dateTime", when, zone);
}

/** "16/08 às 20:00": a payment deadline as the families and the panel read it, in the event's zone. */
export function deadlineIn(when: string | Date, zone: string): string {
  return `${dayMonthIn(when, zone)} às ${timeIn(when, zone)}`;
}

/** The instant a wall-clock day and time ("2025-08-16", "20:00") is in the zone, as ISO. */
export function instantIn(date: string, time: string, zone: string): string {
  const wall = new Date(`${date}T${time}:00Z`);
  // The zone's offset at that moment: read once at the guess, then at the corrected instant (a DST change between).
  const first = new Date(wall.getTime() - offsetMinutes(wall, zone) * 60_000);
  return new Date(wall.getTime() - offsetMinutes(first, zone) * 60_000).toISOString();
}

/** Minutes the zone is ahead of UTC at that instant (Fortaleza: -180). */
export function offsetMinutes(instant: Date, zone: string): number {
  const parts = formatter("wallClock", zone).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"));
  return Math.round((wall - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
}

/** The instant a day ("2025-08-16") starts in the zone, as ISO. */
export function startOfDayIn(date: string, zone: string): string {
  const midnightUtc = new Date(`${date}T00:00:00Z`);
  return new Date(midnightUtc.getTime() - offsetMinutes(midnightUtc, zone) * 60_000).toISOString();
}

/** The calendar day ("2025-08-16") an instant falls on in the zone. */
export function dayIn(instant: Date, zone: string): string {
  return format("isoDay", instant, zone);
}

/** Brazil's zones, offered in "Configurações"; the environment may name any IANA zone. */
export const BRAZIL_TIME_ZONES = [
  "America/Noronha",
  "America/Belem",
  "America/Fortaleza",
  "America/Recife",
  "America/Araguaina",
  "America/Maceio",
  "America/Bahia",
  "America/Sao_Paulo",
  "America/Campo_Grande",
  "America/Cuiaba",
  "America/Santarem",
  "America/Porto_Velho",
  "America/Boa_Vista",
  "America/Manaus",
  "America/Eirunepe",
  "America/Rio_Branco",
] as const;

/** Names as people write them; IANA's identifiers carry no accents. */
const TIME_ZONE_NAMES: Record<string, string> = {
  "America/Noronha": "Fernando de Noronha",
  "America/Belem": "Belém",
  "America/Maceio": "Maceió",
  "America/Araguaina": "Araguaína",
  "America/Sao_Paulo": "São Paulo",
  "America/Cuiaba": "Cuiabá",
  "America/Santarem": "Santarém",
  "America/Eirunepe": "Eirunepé",
};

/** How "Configurações" names a zone: "São Paulo" for America/Sao_Paulo; any other zone by its own name. */
export const timeZoneLabel = (zone: string): string =>
  TIME_ZONE_NAMES[zone] ?? zone.replace(/^America\//, "").replace(/_/g, " ");

/** A zone as "Configurações" offers it, with its offset at that instant: "Fortaleza (UTC−3)". */
export function timeZoneOption(zone: string, at: Date): string {
  const minutes = offsetMinutes(at, zone);
  const abs = Math.abs(minutes);
  const shown = abs % 60 === 0 ? String(abs / 60) : `${Math.floor(abs / 60)}:${String(abs % 60).padStart(2, "0")}`;
  return `${timeZoneLabel(zone)} (UTC${minutes < 0 ? "−" : "+"}${shown})`;
}

/** Whether the runtime knows the zone (an IANA name such as America/Fortaleza). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("pt-BR", { timeZone: zone });
    return /^(UTC|[A-Za-z_]+(\/[A-Za-z_+-]+)+)$/.test(zone);
  } catch {
    return false;
  }
}

/** "12/08" from "2025-08-12": a day and its month, the year understood. */
export const brDayMonth = (day: string): string => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

/** "27/11": the day and month an instant falls on in the zone. */
export function dayMonthIn(when: string | Date, zone: string): string {
  return format("dayMonth", when, zone);
}

/** "20:05": the wall-clock time of an instant in the zone. */
export function timeIn(when: string | Date, zone: string): string {
  return format("time", when, zone);
}

/** The hour (0–23) of an instant in the zone. */
export const hourIn = (when: Date, zone: string): number => Number(timeIn(when, zone).slice(0, 2));

const MONTHS = /\b(Janeiro|Fevereiro|Março|Abril|Maio|Junho|Julho|Agosto|Setembro|Outubro|Novembro|Dezembro)\b/g;
/** "16 de Agosto" → "16 de agosto": Portuguese writes months in lower case. */
export const lowerCaseMonths = (text: string) => text.replace(MONTHS, (m) => m.toLowerCase());
