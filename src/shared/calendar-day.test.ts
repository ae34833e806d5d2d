import { describe, expect, it } from "vitest";
import { isCalendarDay } from "./calendar-day";

describe("isCalendarDay", () => {
  it("takes days that exist, in the caravan's years", () => {
    for (const day of ["2025-08-16", "2024-02-29", "2000-01-01", "2999-12-31"]) expect(isCalendarDay(day)).toBe(true);
  });

  it("refuses days that do not exist, year 0000, far years and other shapes", () => {
    for (const day of [
      "2025-02-30",
      "2025-02-29",
      "2025-13-01",
      "2025-00-10",
      "0000-01-01",
      "1999-12-31",
      "3000-01-01",
      "2025-8-16",
      "16/08/2025",
      "",
    ]) {
      expect(isCalendarDay(day)).toBe(false);
    }
  });
});
