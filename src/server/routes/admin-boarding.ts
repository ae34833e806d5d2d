import { cashBodySchema, marksBodySchema } from "../../shared/boarding";
import { applyMarks, readBoardingList, receiveCash } from "../boarding/boarding-repository";
import type { RoutePlugin } from "../plugins/zod-validation";

/** Admin routes under /api/boarding: the roll call at the bus doors. */
const adminBoardingRoutes: RoutePlugin = async (app) => {
  app.get("/api/boarding", async () => readBoardingList(app.db));

  // A queue of up to MARKS_PER_BATCH marks (about 170 bytes each) goes in one request.
  app.post("/api/boarding/marks", { bodyLimit: 128 * 1024, schema: { body: marksBodySchema } }, async (request) =>
    applyMarks(app.db, request.body.marcas),
  );

  app.post("/api/boarding/cash", { schema: { body: cashBodySchema } }, async (request) =>
    receiveCash(app.db, request.body),
  );
};

export default adminBoardingRoutes;
