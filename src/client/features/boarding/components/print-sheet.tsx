import { useEffect, useState } from "react";
import {
  type BoardingBus,
  type BoardingList,
  type BoardingPassenger,
  busPassengers,
} from "../../../../shared/boarding";
import { maskPhone } from "../../../../shared/phone";
import { ADULT_AGE } from "../../../../shared/privacy";
import { useAppConfig } from "../../../lib/app-config";
import { isUnauthorized } from "../../../lib/admin-session";
import { Link } from "../../../lib/router";
import { getBoardingList } from "../api/boarding-api";
import { readSavedList } from "../utils/boarding-store";
import "./print-sheet.css";
import { plural } from "../../../../shared/plural";

/** The lists for paper: the server's, or with no signal the copy on this phone. */
function usePrintList(): { list: BoardingList | null; message: string | null } {
  const [list, setList] = useState<BoardingList | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    getBoardingList()
      .then((l) => live && setList(l))
      .catch(async (e) => {
        if (isUnauthorized(e)) return;
        const kept = await readSavedList().catch(() => undefined);
        if (!live) return;
        if (kept) {
          setList(kept.list);
          setMessage("Sem conexão: esta é a lista guardada neste aparelho.");
        } else setMessage(e instanceof Error ? e.message : String(e));
      });
    return () => {
      live = false;
    };
  }, []);
  return { list, message };
}

/** /admin/embarque/imprimir: one A4 page per bus, with a column to sign. */
export function PrintSheet() {
  const { list, message } = usePrintList();
  const { eventTitle, eventDate } = useAppConfig();
  return (
    <main className="print-page">
      <h1 className="admin-visually-hidden">Lista de embarque</h1>
      <div className="print-toolbar">
        <Link href="/admin/embarque" className="admin-btn admin-btn-outline">
          ← Embarque
        </Link>
        <button type="button" className="admin-btn admin-btn-primary" onClick={() => window.print()} disabled={!list}>
          Imprimir
        </button>
      </div>
      {message && (
        <p className="print-note" role="status">
          {message}
        </p>
      )}
      {!list && !message && (
        <p className="print-note" role="status">
          Carregando a lista...
        </p>
      )}
      {list?.onibus.length === 0 && <p className="print-note">Ninguém tem lugar em ônibus ainda.</p>}
      {list?.onibus.map((bus) => (
        <BusSheet
          key={bus.id ?? "sem-onibus"}
          bus={bus}
          people={busPassengers(list.passageiros, bus.id)}
          title={`${eventTitle} · ${eventDate}`}
        />
      ))}
    </main>
  );
}

function BusSheet({ bus, people, title }: { bus: BoardingBus; people: BoardingPassenger[]; title: string }) {
  const paid = people.filter((p) => p.status_pagamento === "confirmado").length;
  const minors = people.filter((p) => p.idade < ADULT_AGE).length;
  return (
    <section className="print-bus" aria-labelledby={`print-${bus.id ?? "sem"}`}>
      <header className="print-head">
        <h2 id={`print-${bus.id ?? "sem"}`}>{bus.nome}</h2>
        <p>Caravana {title} · Lista de embarque · Ida ☐ Volta ☐</p>
      </header>
      <table className="print-table">
        <thead>
          <tr>
            <th scope="col">Nº</th>
            <th scope="col">Nome</th>
            <th scope="col">Idade</th>
            <th scope="col">Telefone do responsável</th>
            <th scope="col">Pago</th>
            <th scope="col">Assinatura</th>
          </tr>
        </thead>
        <tbody>
          {people.map((p, i) => (
            <tr key={p.id}>
              <td>{i + 1}</td>
              <td>{p.nome_completo}</td>
              <td>
                {p.idade}
                {p.idade < ADULT_AGE ? " (menor)" : ""}
              </td>
              <td>{p.numero_responsavel ? <PhoneCell phone={maskPhone(p.numero_responsavel)} /> : ""}</td>
              <td>{p.status_pagamento === "confirmado" ? "Sim" : "Não"}</td>
              <td className="print-sign" />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={6}>
              Total: {plural(people.length, "passageiro", "passageiros")}
              {bus.lugares !== null ? ` de ${bus.lugares} lugares` : ""} · Pagos: {paid} · Não pagos:{" "}
              {people.length - paid} · Menores: {minors}
            </td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}

/** A narrow column breaks a number after its area code, never inside it: "(98)" over "98888-7777". */
function PhoneCell({ phone }: { phone: string }) {
  const space = phone.indexOf(" ");
  if (space < 0) return <>{phone}</>;
  return (
    <>
      {phone.slice(0, space + 1)}
      <span className="print-phone">{phone.slice(space + 1)}</span>
    </>
  );
}
