import { type FormEvent, useId, useState } from "react";
import {
  type CloseEditionInput,
  type CloseEditionResult,
  closeEditionSchema,
  closeSummary,
  EDITION_MESSAGES,
  KEEP_DAYS_DEFAULT,
  KEEP_DAYS_MAX,
  nextEditionName,
} from "../../../shared/editions";
import { AdminField } from "../../components/admin-field";
import { DialogActions } from "../../components/dialog-actions";
import { ModalDialog } from "../../components/modal-dialog";
import { reportAdminError } from "../../lib/admin-session";
import { useAppConfig } from "../../lib/app-config";
import { ApiError } from "../../lib/api";
import { closeEdition } from "./editions-api";
import { OpenItems } from "./open-items";

type Field = "nome" | "data" | "dias" | "edicao_numero" | "ano";

interface Props {
  edition: { id: number; nome: string };
  /** Roll call marks this phone has not sent yet: the close waits for them. */
  queuedMarks: number;
  onClose: () => void;
  onClosed: (result: CloseEditionResult) => void;
}

/** "Encerrar edição": the next edition's name and date, what carries over, and last year's personal data. */
export function CloseEditionDialog({ edition, queuedMarks, onClose, onClosed }: Props) {
  const id = useId();
  const [nome, setNome] = useState("");
  const [data, setData] = useState("");
  const current = useAppConfig();
  const [numero, setNumero] = useState(String(current.editionNumber + 1));
  const [ano, setAno] = useState(String(current.year + 1));
  const [levar, setLevar] = useState({ onibus: true, equipe: true, configuracoes: true });
  const [dados, setDados] = useState<"guardar" | "apagar">("guardar");
  const [dias, setDias] = useState(String(KEEP_DAYS_DEFAULT));
  const [error, setError] = useState<{ field: Field | "geral"; message: string } | null>(null);
  const [saving, setSaving] = useState(false);

  const input: CloseEditionInput = {
    edicao_id: edition.id,
    nome,
    data,
    edicao_numero: Number(numero),
    ano: Number(ano),
    levar,
    dados,
    // The days matter only when the list is kept.
    dias: dados === "guardar" ? Number(dias) : KEEP_DAYS_DEFAULT,
  };
  const blocked = queuedMarks > 0;

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (saving || blocked) return;
    const parsed = closeEditionSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const at = issue.path[0];
      const field = at === "data" || at === "dias" || at === "edicao_numero" || at === "ano" ? at : "nome";
      setError({ field, message: issue.message });
      document.getElementById(`${id}-${field}`)?.focus();
      return;
    }
    setError(null);
    setSaving(true);
    try {
      onClosed(await closeEdition(input));
    } catch (err) {
      // A taken name, a page left open while someone else closed, a backup that failed: said here.
      if (err instanceof ApiError && [409, 503].includes(err.status)) {
        const aboutName = err.message === EDITION_MESSAGES.nameTaken(nome.trim().normalize("NFC"));
        setError({ field: aboutName ? "nome" : "geral", message: err.message });
      } else reportAdminError("Erro ao encerrar a edição", err);
      setSaving(false);
    }
  }

  const errorAt = (field: Field) => (error?.field === field ? error.message : null);

  return (
    <ModalDialog title="Encerrar edição" onClose={onClose} busy={saving} className="edition-dialog">
      <form className="admin-edit-form" onSubmit={submit} noValidate>
        <OpenItems />
        <AdminField
          id={`${id}-nome`}
          label="Nome da nova edição"
          hint="Vira o título do evento nas páginas."
          error={errorAt("nome")}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="off"
              maxLength={40}
              placeholder={nextEditionName(current.eventTitle)}
              value={nome}
              onChange={(e) => {
                setNome(e.target.value);
                if (error?.field === "nome") setError(null);
              }}
              data-autofocus
            />
          )}
        </AdminField>
        <AdminField
          id={`${id}-data`}
          label="Data da nova edição (opcional)"
          hint="Em branco, fica “A definir” até você preencher em Configurações."
          error={errorAt("data")}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="off"
              maxLength={40}
              placeholder="Ex.: 22 de agosto de 2026"
              value={data}
              onChange={(e) => setData(e.target.value)}
            />
          )}
        </AdminField>
        <div className="admin-field-row">
          <AdminField
            id={`${id}-edicao_numero`}
            label="Número da nova edição"
            hint={`O selo do topo: “${Number(numero) || "?"}ª EDIÇÃO”.`}
            error={errorAt("edicao_numero")}
          >
            {(control) => (
              <input
                {...control}
                type="number"
                inputMode="numeric"
                min={1}
                max={99}
                value={numero}
                onChange={(e) => setNumero(e.target.value)}
              />
            )}
          </AdminField>
          <AdminField
            id={`${id}-ano`}
            label="Ano da nova edição"
            hint={`No rodapé: “© ${Number(ano) || "?"}”.`}
            error={errorAt("ano")}
          >
            {(control) => (
              <input
                {...control}
                type="number"
                inputMode="numeric"
                min={2000}
                max={2100}
                value={ano}
                onChange={(e) => setAno(e.target.value)}
              />
            )}
          </AdminField>
        </div>
        <fieldset className="admin-choice edition-choice">
          <legend>O que continua na nova edição</legend>
          {(
            [
              ["onibus", "Ônibus, com lugares e responsáveis (vazios)"],
              ["equipe", "Contas da equipe"],
              ["configuracoes", "Configurações (local, valor, chave PIX, mensagens, aviso)"],
            ] as const
          ).map(([key, label]) => (
            <label key={key}>
              <input
                type="checkbox"
                checked={levar[key]}
                onChange={(e) => setLevar({ ...levar, [key]: e.target.checked })}
              />{" "}
              {label}
            </label>
          ))}
        </fieldset>
        <fieldset className="admin-choice edition-choice">
          <legend>Dados pessoais da edição encerrada</legend>
          <label>
            <input
              type="radio"
              name={`${id}-dados`}
              checked={dados === "guardar"}
              onChange={() => setDados("guardar")}
            />{" "}
            Guardar por um prazo, só para leitura, e depois apagar
          </label>
          {dados === "guardar" && (
            <AdminField id={`${id}-dias`} label="Dias guardados" error={errorAt("dias")} className="edition-days">
              {(control) => (
                <input
                  {...control}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={KEEP_DAYS_MAX}
                  value={dias}
                  onChange={(e) => setDias(e.target.value)}
                />
              )}
            </AdminField>
          )}
          <label>
            <input type="radio" name={`${id}-dados`} checked={dados === "apagar"} onChange={() => setDados("apagar")} />{" "}
            Apagar agora (ficam só os totais e as iniciais no registro de atividade)
          </label>
        </fieldset>
        <p className="edition-summary" aria-live="polite">
          {closeSummary(edition.nome, { ...input, dias: Number(dias) || KEEP_DAYS_DEFAULT })} Antes, um backup completo
          é gravado no servidor.
        </p>
        {blocked && (
          <p className="admin-field-error" role="alert">
            {EDITION_MESSAGES.queuedMarks(queuedMarks)}
          </p>
        )}
        {error?.field === "geral" && (
          <p className="admin-field-error" role="alert">
            {error.message}
          </p>
        )}
        <DialogActions
          onCancel={onClose}
          busy={saving}
          action={
            blocked
              ? undefined
              : { label: "Encerrar edição", busyLabel: "Gravando backup e encerrando...", danger: true }
          }
        />
      </form>
    </ModalDialog>
  );
}
