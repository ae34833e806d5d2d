import { beforeEach, describe, expect, it } from "vitest";
import { newContext, VIEWPORT_NAMES, WAIT } from "../support/browser";
import { useBrowserApp } from "../support/browser-app";
import {
  ADMIN_PASSWORD,
  clearRegistrations,
  openDashboard,
  registrationItem,
  startAdminApp,
} from "../support/browser-admin";

describe("one clock: the event's zone, whatever the device's", () => {
  const ui = useBrowserApp(startAdminApp);

  describe.each(VIEWPORT_NAMES)("on %s", (vp) => {
    beforeEach(async () => {
      await clearRegistrations(ui.app.db);
      // 02:30 UTC on the 2nd: 23:30 on the 1st in Fortaleza, 11:30 on the 2nd in Tokyo.
      await ui.app.db.query(
        `INSERT INTO registrations (nome_completo, idade, numero_responsavel, metodo_pagamento, created_at)
         VALUES ('Rosa Relógio', 20, '98988887777', 'PIX', '2025-08-02T02:30:00Z')`,
      );
    });

    it("a panel on a phone set to Tokyo shows the times of the export, and follows the setting", async () => {
      const context = await newContext(ui.browser, vp, { baseURL: ui.app.baseUrl, timezoneId: "Asia/Tokyo" });
      try {
        const panel = await context.newPage();
        await openDashboard(panel);
        const row = registrationItem(panel, vp, "Rosa Relógio");
        await row.getByText("01/08/2025, 23:30").waitFor(WAIT);

        const csv = await (await panel.request.get("/api/registrations/export.csv")).text();
        const line = csv.split("\r\n").find((l) => l.includes("Rosa Relógio")) ?? "";
        expect(line).toContain('"01/08/2025 23:30"');

        // Another zone in "Configurações": the panel and the export move together.
        const settings = await (await panel.request.get("/api/settings")).json();
        const saved = await panel.request.put("/api/settings", {
          data: { ...settings.values, fuso_horario: "America/Manaus" },
          headers: { origin: ui.app.baseUrl },
        });
        expect(saved.status()).toBe(200);
        await panel.reload();
        await registrationItem(panel, vp, "Rosa Relógio").getByText("01/08/2025, 22:30").waitFor(WAIT);
        const after = await (await panel.request.get("/api/registrations/export.csv")).text();
        expect(after.split("\r\n").find((l) => l.includes("Rosa Relógio"))).toContain('"01/08/2025 22:30"');
      } finally {
        await ui.app.app.inject({
          method: "DELETE",
          url: "/api/settings/fuso_horario",
          headers: { cookie: await coordinatorCookie() },
        });
        await context.close();
      }
    });

    const coordinatorCookie = async () => {
      const res = await ui.app.app.inject({
        method: "POST",
        url: "/api/session",
        remoteAddress: "10.98.0.1",
        payload: { password: ADMIN_PASSWORD },
      });
      const set = res.cookies.find((c) => c.name.endsWith("caravana_admin"));
      return `${set?.name}=${set?.value}`;
    };
  });
});
