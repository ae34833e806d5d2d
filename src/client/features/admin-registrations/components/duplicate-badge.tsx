import type { Registration } from "../../../../shared/api-types";

/** Another active registration has this phone and a similar name: the coordination decides. */
export function DuplicateBadge({ registration: r }: { registration: Registration }) {
  if (!r.possivel_duplicata) return null;
  return (
    <span className="reg-badge reg-badge-duplicata" title="Outra inscrição tem este número e um nome parecido">
      Possível duplicata
    </span>
  );
}

/** Added by the coordination as an adult who travels with the youth. */
export function CompanionBadge({ registration: r }: { registration: Registration }) {
  if (!r.acompanhante) return null;
  return <span className="reg-badge reg-badge-acompanhante">Acompanhante</span>;
}
