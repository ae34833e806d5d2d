import type { SettingKey } from "../../../shared/event-settings";

/** Every setting the server knows, in the group the panel shows it in (a test holds them equal). */
export const SETTINGS_GROUPS: { title: string; keys: SettingKey[] }[] = [
  {
    title: "Evento",
    keys: [
      "grupo_nome",
      "titulo",
      "edicao_numero",
      "tema",
      "ano",
      "data",
      "horario",
      "local",
      "cidade",
      "aviso_membros",
      "fuso_horario",
    ],
  },
  { title: "Pagamento", keys: ["preco_centavos", "pix_chave", "pix_recebedor", "pix_cidade", "whatsapp"] },
  { title: "Página de agradecimento", keys: ["mensagens"] },
  { title: "Inscrições", keys: ["inscricoes_por_numero", "alteracoes_ate"] },
  {
    title: "Prazos",
    keys: [
      "prazo_dias",
      "prazo_horas_espera",
      "prazo_tolerancia_dias",
      "prazo_ultimo_dia",
      "prazo_liberar_automaticamente",
    ],
  },
  { title: "Menores", keys: ["autorizacao_exigida", "viagem_destino", "viagem_datas"] },
];
