import { SECRET_PATTERN, STORAGE_KEYS } from "../../shared/constants";

/** A registration this phone holds: its secret opens "Minha inscrição" (shared/my-registration.ts). */
export interface HeldRegistration {
  id: string;
  token: string;
  nome_completo: string;
  referencia: string;
  /** The event's title when it was kept: a closed edition's registration is named by it. */
  evento: string;
}

const isHeld = (v: unknown): v is HeldRegistration => {
  const r = v as Partial<HeldRegistration> | null;
  return (
    !!r &&
    typeof r.id === "string" &&
    typeof r.token === "string" &&
    SECRET_PATTERN.test(r.token) &&
    typeof r.nome_completo === "string" &&
    typeof r.referencia === "string" &&
    typeof r.evento === "string"
  );
};

/** The last registration of the version before this list: kept with its upload token, it joins the list. */
function fromLastRegistration(): HeldRegistration[] {
  try {
    const last = JSON.parse(localStorage.getItem(STORAGE_KEYS.lastRegistration) ?? "null") as {
      id?: unknown;
      upload_token?: unknown;
      nome_completo?: unknown;
      referencia?: unknown;
    } | null;
    const held = last && {
      id: last.id,
      token: last.upload_token,
      nome_completo: last.nome_completo ?? "",
      referencia: last.referencia ?? "",
      evento: "",
    };
    return isHeld(held) ? [held] : [];
  } catch {
    return [];
  }
}

/** Every registration kept on this phone, oldest first; whatever cannot be read counts as nothing. */
export function heldRegistrations(): HeldRegistration[] {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.heldRegistrations);
    if (raw === null) return fromLastRegistration();
    const parsed = JSON.parse(raw) as unknown;
    return Array.isArray(parsed) ? parsed.filter(isHeld) : [];
  } catch {
    return [];
  }
}

function save(list: HeldRegistration[]): void {
  try {
    localStorage.setItem(STORAGE_KEYS.heldRegistrations, JSON.stringify(list));
  } catch (err) {
    console.error("Não foi possível guardar a inscrição neste aparelho", err);
  }
}

/** Keeps these registrations on this phone; one already kept takes the newer secret. */
export function holdRegistrations(found: HeldRegistration[]): HeldRegistration[] {
  const list = heldRegistrations();
  for (const r of found) {
    const at = list.findIndex((h) => h.id === r.id);
    if (at >= 0)
      list[at] = {
        id: r.id,
        token: r.token,
        nome_completo: r.nome_completo || list[at].nome_completo,
        referencia: r.referencia || list[at].referencia,
        evento: r.evento || list[at].evento,
      };
    else list.push(r);
  }
  save(list);
  return list;
}

/** Forgets a registration on this phone ("Remover deste aparelho"). */
export function forgetRegistration(id: string): HeldRegistration[] {
  const list = heldRegistrations().filter((h) => h.id !== id);
  save(list);
  return list;
}
