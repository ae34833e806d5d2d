import { describe, expect, it } from "vitest";
import { isCalendarDay } from "./dates";

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

import { dateTimeIn, dayIn, deadlineIn, instantIn, offsetMinutes, startOfDayIn } from "./dates";

describe("the event's clock", () => {
  it("shows an instant in the event's zone, whatever the machine's", () => {
    expect(dateTimeIn("2025-08-16T11:05:00Z", "America/Fortaleza")).toBe("16/08/2025, 08:05");
    expect(dateTimeIn("2025-08-16T02:30:00Z", "America/Fortaleza")).toBe("15/08/2025, 23:30");
    expect(dateTimeIn("2025-08-16T11:05:00Z", "America/Manaus")).toBe("16/08/2025, 07:05");
  });

  it("knows each zone's offset and where its day starts", () => {
    expect(offsetMinutes(new Date("2025-08-16T12:00:00Z"), "America/Fortaleza")).toBe(-180);
    expect(offsetMinutes(new Date("2025-08-16T12:00:00Z"), "America/Noronha")).toBe(-120);
    expect(offsetMinutes(new Date("2025-08-16T12:00:00Z"), "Asia/Tokyo")).toBe(540);
    expect(startOfDayIn("2025-08-16", "America/Fortaleza")).toBe("2025-08-16T03:00:00.000Z");
    expect(startOfDayIn("2025-08-16", "America/Rio_Branco")).toBe("2025-08-16T05:00:00.000Z");
    expect(startOfDayIn("2025-08-16", "Asia/Tokyo")).toBe("2025-08-15T15:00:00.000Z");
  });

  it("names the day an instant falls on in the zone", () => {
    expect(dayIn(new Date("2025-08-16T02:30:00Z"), "America/Fortaleza")).toBe("2025-08-15");
    expect(dayIn(new Date("2025-08-16T03:00:00Z"), "America/Fortaleza")).toBe("2025-08-16");
    expect(dayIn(new Date("2025-08-16T15:00:00Z"), "Asia/Tokyo")).toBe("2025-08-17");
  });

  it("writes a deadline as families read it, and reads one typed as a day and a time", () => {
    expect(deadlineIn("2025-08-16T23:00:00Z", "America/Fortaleza")).toBe("16/08 às 20:00");
    expect(deadlineIn("2025-08-17T02:59:00Z", "America/Fortaleza")).toBe("16/08 às 23:59");
    expect(instantIn("2025-08-16", "20:00", "America/Fortaleza")).toBe("2025-08-16T23:00:00.000Z");
    expect(instantIn("2025-08-16", "20:00", "Asia/Tokyo")).toBe("2025-08-16T11:00:00.000Z");
  });
});
