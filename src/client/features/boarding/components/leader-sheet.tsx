import { useEffect, useState } from "react";
import type { LeaderSheetBus } from "../../../../shared/boarding";
import { AUTHORIZATION_AGE, KINSHIP, type Kinship } from "../../../../shared/minors";
import { maskPhone } from "../../../../shared/phone";
import { adminApi, reportAdminError } from "../../../lib/admin-session";
import { useAppConfig } from "../../../lib/app-config";
import "./leader-sheet.css";
import { plural } from "../../../../shared/plural";

/**
 * "Imprimir lista", the bus leader's version (Coordenação): one A4 page per
 * bus with each passenger's guardian, the authorisation of under-16s and the
 * health notes. It holds personal data, and says so at its foot.
 */
export function LeaderSheet() {
  const { eventTitle, travelAuthorization } = useAppConfig();
  const [buses, setBuses] = useState<LeaderSheetBus[] | null>(null);
  useEffect(() => {
    adminApi<LeaderSheetBus[]>("/api/boarding/leader-sheet", { cache: "no-store" })
      .then(setBuses)
      .catch((e) => reportAdminError("Erro ao carregar a lista do responsável", e));
  }, []);
  if (!buses)
    return (
      <main className="ls">
        <p role="status">Carregando a lista do responsável…</p>
      </main>
    );
  return (
    <main className="ls">
      <h1 className="ls-title">Lista do responsável pelo ônibus</h1>
      <p className="ls-actions">
        <button type="button" className="admin-btn admin-btn-primary" onClick={() => window.print()}>
          Imprimir
        </button>
      </p>
      {buses.map((b) => {
        const minors = b.passageiros.filter((p) => p.idade < AUTHORIZATION_AGE);
        const missing = minors.filter((p) => p.sem_autorizacao).length;
        return (
          <section key={b.id ?? "sem-onibus"} className="ls-page" aria-label={`Lista do responsável: ${b.nome}`}>
            <h2>
              {eventTitle} · {b.nome}
            </h2>
            <p className="ls-leader">
              Responsável pelo ônibus: <strong>{b.lider_nome ?? "não definido"}</strong>
              {b.lider_telefone ? ` · ${maskPhone(b.lider_telefone)}` : ""}
            </p>
            <table className="ls-table">
              <thead>
                <tr>
                  <th scope="col">Passageiro</th>
                  <th scope="col">Idade</th>
                  <th scope="col">Responsável</th>
                  {travelAuthorization && <th scope="col">Autorização</th>}
                  <th scope="col">Cuidados de saúde</th>
                </tr>
              </thead>
              <tbody>
                {b.passageiros.map((p) => (
                  <tr key={p.id}>
                    <th scope="row">{p.nome_completo}</th>
                    <td>{p.idade}</td>
                    <td>
                      {p.acompanhante ? "Acompanhante" : (p.responsavel_nome ?? "")}
                      {p.parentesco ? ` (${KINSHIP[p.parentesco as Kinship] ?? p.parentesco})` : ""}
                      {p.numero_responsavel ? (
                        <span className="ls-phone"> {maskPhone(p.numero_responsavel)}</span>
                      ) : null}
                    </td>
                    {travelAuthorization && (
                      <td>{p.idade < AUTHORIZATION_AGE ? (p.sem_autorizacao ? "FALTA" : "Recebida") : ""}</td>
                    )}
                    <td>{p.saude ?? ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="ls-totals">
              {plural(b.passageiros.length, "passageiro", "passageiros")} · {plural(minors.length, "menor", "menores")}{" "}
              de {AUTHORIZATION_AGE} anos
              {travelAuthorization ? ` · ${missing} sem autorização` : ""}
            </p>
            <p className="ls-footer">
              Esta lista tem dados pessoais e de saúde dos passageiros: é só para o responsável pelo ônibus e deve ser
              destruída depois da viagem.
            </p>
          </section>
        );
      })}
    </main>
  );
}
