import type { PersonalLink } from "../../../../shared/my-registration";
import { api } from "../../../lib/api";

/** "Enviar link": one more personal link for the registration; the earlier ones keep working. */
export const sendPersonalLink = (id: string) =>
  api<PersonalLink>(`/api/registrations/${encodeURIComponent(id)}/link`, { method: "POST" });

/** "Gerar novo link": every earlier link stops working, the registering phone's included. */
export const replacePersonalLink = (id: string) =>
  api<PersonalLink>(`/api/registrations/${encodeURIComponent(id)}/new-link`, { method: "POST" });
