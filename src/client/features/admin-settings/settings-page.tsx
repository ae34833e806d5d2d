import { type FormEvent, useEffect, useId, useState } from "react";
import {
  eventSettingsSchema,
  SETTING_LABELS,
  type SettingKey,
  type SettingsView,
} from "../../../shared/event-settings";
import { BRAZIL_TIME_ZONES, timeZoneOption } from "../../../shared/dates";
import { fieldMessages } from "../../../shared/registration-schema";
import { toast } from "../../lib/toast";
import { ApiError } from "../../lib/api";
import { reportAdminError } from "../../lib/admin-session";
import { getSettings, restoreDefault, saveSettings } from "./settings-api";
import { SETTINGS_GROUPS } from "./settings-groups";
import { type FormValues, toFormValues, toInput } from "./settings-form-values";
import { SettingsPreview } from "./settings-preview";
import "./settings.css";

/** Settings that are an on/off switch, with what the box says. */
const SWITCHES: Partial<Record<SettingKey, string>> = {
  autorizacao_exigida: "Sim, exigir",
  prazo_liberar_automaticamente: "Sim, liberar automaticamente",
};

const HINTS: Partial<Record<SettingKey, string>> = {
  preco_centavos: "Em reais, como 15,00. Cada inscrição guarda o valor do dia em que foi feita.",
  pix_chave: "E-mail, CPF, CNPJ, telefone +55 ou chave aleatória.",
  whatsapp: "Com DDD, como (98) 99999-9999. O código do Brasil (55) entra sozinho.",
  mensagens: "Seis mensagens, uma por linha; a página mostra uma de cada vez.",
  fuso_horario:
    "Todas as datas e horas do painel, das planilhas e do site aparecem neste fuso, seja qual for o do aparelho. O horário de Brasília é UTC−3.",
  autorizacao_exigida:
    "Para menores de 16 anos viajarem sem os pais (ECA, art. 83): o site preenche a autorização, o responsável assina com firma reconhecida e entrega à coordenação.",
  edicao_numero: "O número do selo no topo da página (2 aparece como “2ª EDIÇÃO”) e da prestação de contas.",
  tema: "A frase abaixo do título.",
  ano: "O ano que aparece no rodapé, antes do nome do grupo (“© 2025”), e completa a data na autorização de viagem.",
  grupo_nome:
    "O grupo que organiza a caravana: no topo da página, no rodapé, na prestação de contas e na autorização de viagem (“da caravana do grupo …”).",
  viagem_destino: "Vazio: o local e a cidade do evento.",
  viagem_datas:
    "Vazio: a data (com o ano) e o horário do evento. Ex.: 16 de agosto de 2025, saída às 6h e retorno às 20h.",
  alteracoes_ate:
    "Até este dia, cada família corrige em “Minha inscrição” o responsável, o parentesco e as observações de saúde. Vazio: a véspera do evento.",
  prazo_dias:
    "Dias para pagar, contados do dia em que a pessoa ganha a vaga; o prazo termina às 23:59 do último desses dias. Vale para as vagas dadas daqui em diante; as já dadas mantêm o prazo delas. Vazio: sem prazo.",
  prazo_horas_espera:
    "Quem sai da lista de espera tem este prazo, em horas, porque a vaga já tem quem espere por ela. Vazio: o mesmo prazo em dias.",
  prazo_tolerancia_dias:
    "Dias de espera depois do prazo antes de liberar a vaga: o extrato do banco chega com atraso, e um PIX feito no último dia pode aparecer só depois.",
  prazo_ultimo_dia:
    "Nenhum prazo passa do fim deste dia; a véspera do evento costuma servir. Vazio: sem data limite, e um prazo pode cair depois do evento.",
  prazo_liberar_automaticamente:
    "Quando o prazo e a tolerância passam sem pagamento, a vaga vai para o primeiro da lista de espera, sem ninguém precisar tocar. Se desmarcado, as inscrições vencidas aparecem no filtro “Vencidas”, com o botão “Liberar vaga”.",
  inscricoes_por_numero:
    "Quantas inscrições ativas o formulário aceita com o mesmo número de responsável (irmãos). Quem passar disso é orientado a falar com a coordenação, que pode aumentar este número.",
};

/** "Configurações": the event facts, checked beside each field, with a preview of the PIX before saving. */
export function SettingsPage() {
  const id = useId();
  const [view, setView] = useState<SettingsView | null>(null);
  const [values, setValues] = useState<FormValues | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [restoring, setRestoring] = useState<SettingKey | null>(null);

  useEffect(() => {
    getSettings()
      .then((v) => {
        setView(v);
        setValues(toFormValues(v.values));
      })
      .catch((e) => reportAdminError("Erro ao carregar as configurações", e));
  }, []);

  if (!view || !values) {
    return (
      <p className="admin-card" role="status">
        <span className="admin-spinner" aria-hidden="true" /> Carregando configurações...
      </p>
    );
  }

  const set = (key: SettingKey, value: string) => {
    setValues({ ...values, [key]: value });
    if (errors[key]) setErrors({ ...errors, [key]: "" });
  };

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!values || saving) return;
    const parsed = eventSettingsSchema.safeParse(toInput(values));
    if (!parsed.success) {
      const found = fieldMessages(parsed.error);
      setErrors(found);
      document.getElementById(`${id}-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = await saveSettings(toInput(values));
      setView(saved);
      setValues(toFormValues(saved.values));
      toast("success", "Configurações salvas", "As páginas abertas já mostram os novos dados.");
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) toast("error", "Configurações não salvas", err.message);
      else reportAdminError("Erro ao salvar as configurações", err);
    } finally {
      setSaving(false);
    }
  }

  async function restore(key: SettingKey) {
    setRestoring(key);
    try {
      const next = await restoreDefault(key);
      setView(next);
      setValues({ ...values!, [key]: toFormValues(next.values)[key] });
      toast("success", "Padrão restaurado", `${SETTING_LABELS[key]} voltou ao valor do servidor.`);
    } catch (err) {
      reportAdminError("Erro ao restaurar o padrão", err);
    } finally {
      setRestoring(null);
    }
  }

  const field = (key: SettingKey) => {
    const inputId = `${id}-${key}`;
    const error = errors[key];
    const hint = HINTS[key];
    const described = [error ? `${inputId}-error` : null, hint ? `${inputId}-hint` : null].filter(Boolean).join(" ");
    const common = {
      id: inputId,
      value: values[key],
      "aria-invalid": error ? true : undefined,
      "aria-describedby": described || undefined,
      disabled: saving,
    };
    return (
      <div className="admin-field settings-field" key={key}>
        <div className="settings-label-row">
          <label htmlFor={inputId}>{SETTING_LABELS[key]}</label>
          {view.saved.includes(key) && (
            <button
              type="button"
              className="settings-restore"
              onClick={() => void restore(key)}
              disabled={restoring !== null || saving}
              aria-label={`Restaurar padrão: ${SETTING_LABELS[key]}`}
            >
              {restoring === key ? "Restaurando..." : "Restaurar padrão"}
            </button>
          )}
        </div>
        {SWITCHES[key] ? (
          <label className="settings-check">
            <input
              type="checkbox"
              id={inputId}
              checked={values[key] === "true"}
              aria-describedby={common["aria-describedby"]}
              disabled={saving}
              onChange={(e) => set(key, String(e.target.checked))}
            />{" "}
            {SWITCHES[key]}
          </label>
        ) : key === "fuso_horario" ? (
          <select {...common} onChange={(e) => set(key, e.target.value)}>
            {[...new Set([values.fuso_horario, ...BRAZIL_TIME_ZONES])].map((zone) => (
              <option key={zone} value={zone}>
                {timeZoneOption(zone, new Date())}
              </option>
            ))}
          </select>
        ) : key === "alteracoes_ate" || key === "prazo_ultimo_dia" ? (
          <input {...common} type="date" onChange={(e) => set(key, e.target.value)} />
        ) : key === "mensagens" || key === "aviso_membros" || key === "local" ? (
          <textarea {...common} rows={key === "mensagens" ? 8 : 3} onChange={(e) => set(key, e.target.value)} />
        ) : (
          <input
            {...common}
            type="text"
            inputMode={
              key === "preco_centavos"
                ? "decimal"
                : key === "whatsapp" || key === "inscricoes_por_numero" || key.startsWith("prazo_")
                  ? "numeric"
                  : undefined
            }
            autoComplete="off"
            onChange={(e) => set(key, e.target.value)}
          />
        )}
        {error && (
          <p id={`${inputId}-error`} className="admin-field-error">
            {error}
          </p>
        )}
        {hint && (
          <p id={`${inputId}-hint`} className="admin-field-hint">
            {hint}
          </p>
        )}
      </div>
    );
  };

  return (
    <form className="settings-form" onSubmit={submit} noValidate aria-label="Configurações do evento">
      <p className="settings-lead">
        Os valores valem para todas as páginas assim que salvos. Um campo já salvo mostra “Restaurar padrão”, que volta
        ao valor definido no servidor.
      </p>
      {SETTINGS_GROUPS.map((g) => (
        <fieldset key={g.title} className="admin-card settings-group">
          <legend>{g.title}</legend>
          {g.keys.map(field)}
        </fieldset>
      ))}
      <div className="admin-card">
        <SettingsPreview values={values} />
      </div>
      <div className="settings-actions">
        <button type="submit" className="admin-btn admin-btn-primary" disabled={saving} aria-busy={saving}>
          {saving && <span className="admin-spinner" aria-hidden="true" />}
          {saving ? "Salvando..." : "Salvar configurações"}
        </button>
      </div>
    </form>
  );
}
