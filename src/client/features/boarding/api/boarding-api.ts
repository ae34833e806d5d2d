import type { BoardingList, Mark, MarksResult } from "../../../../shared/boarding";
import { adminApi } from "../../../lib/admin-session";

// No cache option: the server answers no-store, and a request with one could not take the page's preload (client-app.ts).
export const getBoardingList = () => adminApi<BoardingList>("/api/boarding");

/** `como`: who this page believes is logged in; the server refuses the marks when someone else is. */
export const postMarks = (marcas: Mark[], como: string | undefined) =>
  adminApi<MarksResult>("/api/boarding/marks", { method: "POST", json: { marcas, como } });
