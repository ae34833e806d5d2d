import type { BoardingList, Mark, MarksResult } from "../../../../shared/boarding";
import { adminApi } from "../../../lib/admin-session";

// No cache option: the server answers no-store, and a request with one could not take the page's preload (client-app.ts).
export const getBoardingList = () => adminApi<BoardingList>("/api/boarding");

export const postMarks = (marcas: Mark[]) =>
  adminApi<MarksResult>("/api/boarding/marks", { method: "POST", json: { marcas } });
