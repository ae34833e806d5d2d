import { useEffect, useState } from "react";
import type { EditionOpenItems } from "../../../shared/editions";
import { formatPrice } from "../../../shared/price";
import { adminApi } from "../../lib/admin-session";
import { Link } from "../../lib/router";
import { plural } from "../../../shared/plural";

/** The list of what is still open, each with a link to it, shown before the close's confirmation. */
export function OpenItems() {
  const [items, setItems] = useState<EditionOpenItems | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    adminApi<EditionOpenItems>("/api/editions/open-items", { cache: "no-store" })
      .then(setItems)
      .catch(() => setFailed(true));
  }, []);

  if (failed) return <p className="admin-field-hint">Não foi possível conferir o que ainda está em aberto.</p>;
  if (!items) {
    return (
      <p className="admin-field-hint" role="status">
        <span className="admin-spinner" aria-hidden="true" /> Conferindo o que ainda está em aberto…
      </p>
    );
  }
  const lines: { text: string; href: string; link: string }[] = [];
  if (items.pendentes > 0)
    lines.push({
      text: `${plural(items.pendentes, "pessoa com vaga ainda não pagou", "pessoas com vaga ainda não pagaram")}`,
      href: "/admin",
      link: "Ver inscrições",
    });
  if (items.espera > 0)
    lines.push({
      text: `${plural(items.espera, "pessoa continua", "pessoas continuam")} na lista de espera`,
      href: "/admin",
      link: "Ver inscrições",
    });
  if (items.pagos_sem_vaga > 0)
    lines.push({
      text: `${plural(items.pagos_sem_vaga, "pessoa pagou e espera vaga", "pessoas pagaram e esperam vaga")} (${formatPrice(items.pagos_sem_vaga_centavos)} a devolver se não houver vaga)`,
      href: "/admin/financeiro",
      link: "Ver quem pagou sem vaga",
    });
  for (const p of items.em_maos)
    lines.push({
      text: `${formatPrice(p.centavos)} em espécie ainda com ${p.nome}`,
      href: "/admin/financeiro",
      link: "Ver dinheiro em espécie",
    });
  if (items.linhas > 0)
    lines.push({
      text: `${plural(items.linhas, "linha do extrato", "linhas do extrato")} sem inscrição (${formatPrice(items.linhas_centavos)})`,
      href: "/admin/financeiro",
      link: "Ver extrato",
    });
  if (items.reembolsos > 0)
    lines.push({
      text: `${plural(items.reembolsos, "reembolso por decidir", "reembolsos por decidir")} (${formatPrice(items.reembolsos_centavos)})`,
      href: "/admin/financeiro",
      link: "Ver reembolsos",
    });

  if (lines.length === 0)
    return <p className="edition-open-none">Nada em aberto: pagamentos, caixa e extrato estão em dia.</p>;
  return (
    <section className="edition-open" aria-labelledby="edition-open-title">
      <h3 id="edition-open-title">Ainda em aberto</h3>
      <ul>
        {lines.map((l) => (
          <li key={l.text}>
            {l.text} · <Link href={l.href}>{l.link}</Link>
          </li>
        ))}
      </ul>
      <p>
        Você pode encerrar mesmo assim, mas nada disso passa para a nova edição: fica registrado só nos totais e no
        backup.
      </p>
    </section>
  );
}
