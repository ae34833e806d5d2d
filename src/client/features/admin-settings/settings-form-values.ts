import type { EventSettings, EventSettingsInput, SettingKey } from "../../../shared/event-settings";
import { whatsappShown } from "../../../shared/phone";
import { formatPrice } from "../../../shared/price";

/** What the form's inputs hold: text, as typed. */
export type FormValues = Record<SettingKey, string>;

export function toFormValues(s: EventSettings): FormValues {
  return {
    titulo: s.titulo,
    data: s.data,
    horario: s.horario,
    local: s.local,
    cidade: s.cidade,
    preco_centavos: formatPrice(s.preco_centavos).replace(/^R\$\s*/, ""),
    pix_chave: s.pix_chave,
    pix_recebedor: s.pix_recebedor,
    pix_cidade: s.pix_cidade,
    whatsapp: whatsappShown(s.whatsapp),
    mensagens: s.mensagens.join("\n"),
    aviso_membros: s.aviso_membros,
    fuso_horario: s.fuso_horario,
    inscricoes_por_numero: String(s.inscricoes_por_numero),
    autorizacao_exigida: String(s.autorizacao_exigida),
    viagem_destino: s.viagem_destino,
    viagem_datas: s.viagem_datas,
    alteracoes_ate: s.alteracoes_ate,
    grupo_nome: s.grupo_nome,
    edicao_numero: String(s.edicao_numero),
    tema: s.tema,
    ano: String(s.ano),
    prazo_dias: s.prazo_dias === null ? "" : String(s.prazo_dias),
    prazo_horas_espera: s.prazo_horas_espera === null ? "" : String(s.prazo_horas_espera),
    prazo_tolerancia_dias: String(s.prazo_tolerancia_dias),
    prazo_ultimo_dia: s.prazo_ultimo_dia,
    prazo_liberar_automaticamente: String(s.prazo_liberar_automaticamente),
  };
}

/** The form as the shared schema takes it: the messages one per line, blank lines left out. */
export function toInput(v: FormValues): EventSettingsInput {
  return {
    ...v,
    preco_centavos: v.preco_centavos,
    mensagens: v.mensagens
      .split("\n")
      .map((m) => m.trim())
      .filter(Boolean),
  };
}
