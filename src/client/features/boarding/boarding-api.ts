import type { BoardingList, BoardingPassenger, Mark, MarksResult } from "../../../shared/boarding";
import { adminApi } from "../../lib/admin-session";

export const getBoardingList = () => adminApi<BoardingList>("/api/boarding", { cache: "no-store" });

export const postMarks = (marcas: Mark[]) =>
  adminApi<MarksResult>("/api/boarding/marks", { method: "POST", json: { marcas } });

export const postCash = (inscricao_id: string) =>
  adminApi<BoardingPassenger>("/api/boarding/cash", { method: "POST", json: { inscricao_id } });
