import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../src/server/plugins/session";
import { adminCookie, startAdminTestApp } from "../support/admin-login";
import type { TestApp } from "../support/test-app";
import { openStream } from "../support/sse";
import { DB_KINDS } from "../support/test-database";
import { EVENTS_CHANNEL } from "../../src/server/db/database";

describe.each(DB_KINDS)("GET /api/events with an admin session on %s", (kind) => {
  let t: TestApp;
  let cookie: string;
  let expiredCookie: string;
  beforeAll(async () => {
    t = await startAdminTestApp(kind, { listen: true });
    cookie = await adminCookie(t.app);
    expiredCookie = await adminCookie(t.app);
    await t.db.query(
      "UPDATE admin_sessions SET expires_at = now() - interval '1 minute' WHERE token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')",
      [expiredCookie.split("=")[1]],
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it("carries the ids of inserts, updates and deletes to an admin only, and no personal data to anyone", async () => {
    const url = `${t.baseUrl}/api/events`;
    const admin = await openStream(url, cookie);
    const others = [
      await openStream(url),
      await openStream(url, `${SESSION_COOKIE}=${randomBytes(32).toString("base64url")}`),
      await openStream(url, expiredCookie),
    ];
    const all = [admin, ...others];
    try {
      // Every stream starts with the current form status.
      for (const s of all) await s.until((ev) => ev.some((e) => e.event === "form-status"));

      const created = await t.app.inject({
        method: "POST",
        url: "/api/registrations",
        payload: {
          nome_completo: "Pessoa Ao Vivo",
          idade: 19,
          numero_responsavel: "98977776666",
          metodo_pagamento: "ESPECIE",
        },
      });
      const id = created.json().id as string;
      await admin.until((ev) => ev.some((e) => e.event === "registration-inserted"));
      const inserted = admin.events.find((e) => e.event === "registration-inserted")!;
      expect(inserted.data).toEqual({ ids: [id] });

      const patched = await t.app.inject({
        method: "PATCH",
        url: `/api/registrations/${id}`,
        payload: { status_pagamento: "confirmado" },
        headers: { cookie },
      });
      expect(patched.statusCode).toBe(200);
      await admin.until((ev) => ev.some((e) => e.event === "registration-updated"));
      expect(admin.events.find((e) => e.event === "registration-updated")!.data).toEqual({ ids: [id] });

      const deleted = await t.app.inject({
        method: "DELETE",
        url: `/api/registrations/${id}?dinheiro=reembolsar`,
        headers: { cookie },
      });
      expect(deleted.statusCode).toBe(204);
      await admin.until((ev) => ev.some((e) => e.event === "registration-deleted"));
      expect(admin.events.find((e) => e.event === "registration-deleted")!.data).toEqual({ ids: [id] });

      // NOTIFY keeps order: once this status change reaches the other streams, anything sent before it has too.
      const closed = await t.app.inject({
        method: "PUT",
        url: "/api/form-status",
        payload: { is_open: false },
        headers: { cookie },
      });
      expect(closed.statusCode).toBe(200);
      for (const s of all) await s.until((ev) => ev.some((e) => e.event === "form-status" && e.data.is_open === false));
      for (const s of others) expect(s.events.some((e) => e.event.startsWith("registration"))).toBe(false);
      for (const s of all) {
        expect(JSON.stringify(s.events)).not.toContain("Pessoa Ao Vivo");
        expect(JSON.stringify(s.events)).not.toContain("98977776666");
      }
    } finally {
      await Promise.all(all.map((s) => s.close()));
      await t.app.inject({ method: "PUT", url: "/api/form-status", payload: { is_open: true }, headers: { cookie } });
    }
  });

  it("ends a stream whose session ended, and writes nothing more to it, even in the same transaction", async () => {
    const own = await adminCookie(t.app);
    const admin = await openStream(`${t.baseUrl}/api/events`, own);
    await admin.until((ev) => ev.some((e) => e.event === "form-status"));
    // The session ends and a registration arrives in one transaction: both
    // notifications reach the server together, the end first.
    await t.db.transaction(async (tx) => {
      await tx.query("DELETE FROM admin_sessions WHERE token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')", [
        own.split("=")[1],
      ]);
      await tx.query(
        `INSERT INTO registrations (nome_completo, idade, numero_responsavel, metodo_pagamento)
         VALUES ('Depois Do Fim', 20, '98911113333', 'PIX')`,
      );
    });
    await admin.ended;
    expect(admin.events.some((e) => e.event === "registration-inserted")).toBe(false);
    // The server is still whole: another stream gets the next event.
    const other = await openStream(`${t.baseUrl}/api/events`, cookie);
    await other.until((ev) => ev.some((e) => e.event === "form-status"));
    await t.db.query("UPDATE registrations SET idade = 21 WHERE nome_completo = 'Depois Do Fim'");
    await other.until((ev) => ev.some((e) => e.event === "registration-updated"));
    await other.close();
  });

  it("announces a statement's rows together, 100 ids a notification and a frame", async () => {
    const admin = await openStream(`${t.baseUrl}/api/events`, cookie);
    const notifications: { type: string; ids: string[] }[] = [];
    const unlisten = await t.db.listen(EVENTS_CHANNEL, (payload) => notifications.push(JSON.parse(payload)));
    try {
      await admin.until((ev) => ev.some((e) => e.event === "form-status"));
      // As psql or a restore would: one statement, 150 rows.
      const ids = (
        await t.db.query<{ id: string }>(
          `INSERT INTO registrations (nome_completo, idade, numero_responsavel, metodo_pagamento)
           SELECT 'Lote Ao Vivo ' || i, 20, '98911112222', 'PIX' FROM generate_series(1, 150) AS i RETURNING id`,
        )
      ).map((r) => r.id);
      const sorted = [...ids].sort();
      const of = (event: string) => admin.events.filter((e) => e.event === event).map((e) => e.data.ids as string[]);
      const idsOf = (event: string) => of(event).flat().sort();
      await admin.until(() => idsOf("registration-inserted").length === 150);
      expect(idsOf("registration-inserted")).toEqual(sorted);
      expect(JSON.stringify(admin.events)).not.toContain("Lote Ao Vivo");

      await t.db.query("UPDATE registrations SET status_pagamento = 'confirmado' WHERE id = ANY($1::uuid[])", [ids]);
      await admin.until(() => idsOf("registration-updated").length === 150);
      expect(idsOf("registration-updated")).toEqual(sorted);

      await t.db.query("DELETE FROM registrations WHERE id = ANY($1::uuid[])", [ids]);
      await admin.until(() => idsOf("registration-deleted").length === 150);
      expect(idsOf("registration-deleted")).toEqual(sorted);

      // Three statements, two notifications each: 100 ids, then 50.
      for (const type of ["registration-inserted", "registration-updated", "registration-deleted"]) {
        const chunks = notifications.filter((n) => n.type === type).map((n) => n.ids);
        expect(chunks.map((chunk) => chunk.length)).toEqual([100, 50]);
        expect(chunks.flat().sort()).toEqual(sorted);
        // The panel gets them as they were announced: one frame a notification.
        expect(of(type).map((frame) => frame.length)).toEqual([100, 50]);
      }
    } finally {
      await unlisten();
      await admin.close();
    }
  });
});
