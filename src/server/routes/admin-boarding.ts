import { gzipSync } from "node:zlib";
import { BOARDING_MESSAGES, cashBodySchema, marksBodySchema } from "../../shared/boarding";
import { applyMarks, readBoardingList, readLeaderSheet, readPassenger } from "../boarding/boarding-repository";
import { receiveCash } from "../payments/payment-actions";
import type { RoutePlugin } from "../plugins/zod-validation";
import { HttpError } from "../http-error";
import type { AdminActor } from "../auth/session-repository";

/** A page that sends as someone no longer logged in on this phone (shared/boarding.ts `como`). */
function refuseStalePage(admin: AdminActor | null, como: string | undefined): void {
  if (como !== undefined && como !== admin?.login) throw new HttpError(409, BOARDING_MESSAGES.otherPerson);
}

/** Admin routes under /api/boarding: the roll call at the bus doors. */
const adminBoardingRoutes: RoutePlugin = async (app) => {
  // The whole caravan's lists, read once per phone on slow 4G: sent gzipped
  // (46 people: 12.5 KB -> about 2 KB; bench/boarding.ts, docs/performance.md).
  app.get("/api/boarding", { config: { equipe: true } }, async (request, reply) => {
    const body = JSON.stringify(await readBoardingList(app.db));
    reply.type("application/json; charset=utf-8").header("Vary", "Accept-Encoding");
    if (!/\bgzip\b/.test(request.headers["accept-encoding"] ?? "")) return reply.send(body);
    return reply.header("Content-Encoding", "gzip").send(gzipSync(body));
  });

  // A queue of up to MARKS_PER_BATCH marks (about 170 bytes each) goes in one request.
  app.post(
    "/api/boarding/marks",
    { config: { equipe: true }, bodyLimit: 128 * 1024, schema: { body: marksBodySchema } },
    async (request) => {
      refuseStalePage(request.admin, request.body.como);
      return applyMarks(request.actorDb, request.body.marcas);
    },
  );

  // Guardians and health notes: Coordenação prints it for each bus leader (decision 037).
  app.get("/api/boarding/leader-sheet", async () => readLeaderSheet(app.db));

  app.post("/api/boarding/cash", { config: { equipe: true }, schema: { body: cashBodySchema } }, async (request) => {
    refuseStalePage(request.admin, request.body.como);
    await receiveCash(request.actorDb, request.body.inscricao_id);
    return readPassenger(app.db, request.body.inscricao_id);
  });
};

export default adminBoardingRoutes;
