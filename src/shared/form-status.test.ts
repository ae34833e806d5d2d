import { describe, expect, it } from "vitest";
import { answeredFormStatus, newerFormStatus } from "./form-status";

describe("newerFormStatus", () => {
  const read = { is_open: false, updated_at: "2026-11-27T10:00:00.000Z", falta_configurar: ["pix_chave" as const] };

  it("keeps the newest, whichever arrives last", () => {
    const later = { is_open: true, updated_at: "2026-11-27T10:05:00.000Z" };
    expect(newerFormStatus(later, { is_open: false, updated_at: read.updated_at }).is_open).toBe(true);
    expect(newerFormStatus({ is_open: false, updated_at: read.updated_at }, later).is_open).toBe(true);
  });

  it("keeps what is missing before the form may open when a live frame arrives without it", () => {
    const frame = { is_open: false, updated_at: "2026-11-27T10:01:00.000Z" };
    expect(newerFormStatus(read, frame)).toEqual({ ...frame, falta_configurar: ["pix_chave"] });
    expect(newerFormStatus(null, frame)).toEqual(frame);
    // Opened (the key and the number were set meanwhile): nothing is missing any more.
    const opened = { is_open: true, updated_at: "2026-11-27T10:02:00.000Z" };
    expect(newerFormStatus(read, opened)).toEqual(opened);
  });
});

describe("answeredFormStatus", () => {
  it("does not let an answer read before a change undo the change's live frame, which came first", () => {
    const closedLive = { is_open: false, updated_at: "2026-11-27T10:05:00.000Z" };
    const readBefore = { is_open: true, updated_at: "2026-11-27T10:00:00.000Z" };
    expect(answeredFormStatus(closedLive, readBefore)).toEqual(closedLive);
    expect(answeredFormStatus(readBefore, closedLive)).toEqual(closedLive);
    expect(answeredFormStatus(null, readBefore)).toEqual(readBefore);
    // Nothing changed: the same object, so the page renders nothing again.
    expect(answeredFormStatus(closedLive, readBefore)).toBe(closedLive);
  });

  it("takes what is missing from the answer, the one read that says it", () => {
    const missingPix = {
      is_open: false,
      updated_at: "2026-11-27T10:00:00.000Z",
      falta_configurar: ["pix_chave" as const],
    };
    // The key was saved: the next answer says nothing is missing, with the same closed form.
    expect(answeredFormStatus(missingPix, { is_open: false, updated_at: missingPix.updated_at })).toEqual({
      is_open: false,
      updated_at: missingPix.updated_at,
    });
    const liveFrame = { is_open: false, updated_at: "2026-11-27T10:05:00.000Z" };
    expect(answeredFormStatus(liveFrame, missingPix)).toEqual({ ...liveFrame, falta_configurar: ["pix_chave"] });
  });
});
