import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { PublicEventConfig } from "../../shared/api-types";
import { LIVE_EVENTS } from "../../shared/live-events";
import { DEFAULT_DEADLINES, type EventSettings, type SettingsView } from "../../shared/event-settings";
import { DEFAULT_EDITION, DEFAULT_GROUP_NAME } from "../../shared/constants";
import { publicEventConfig } from "../../shared/event-facts";
import type { Config } from "../config";
import { closeFormWhileSamples } from "../registrations/form-status-repository";
import { readSettings, seedSettings } from "./settings-repository";

/** The settings a family pays and writes to: the samples of a first start keep the form closed. */
const PAYMENT_DETAILS = ["pix_chave", "whatsapp"] as const;
type PaymentDetail = (typeof PAYMENT_DETAILS)[number];

/** The environment's values: the settings' first-start defaults (README, "Configuration"). */
export function settingsDefaults(config: Config): EventSettings {
  return {
    titulo: config.EVENT_TITLE,
    data: config.EVENT_DATE,
    horario: config.EVENT_TIME,
    local: config.EVENT_PLACE,
    cidade: config.EVENT_CITY,
    preco_centavos: config.priceCents,
    pix_chave: config.PIX_KEY,
    pix_recebedor: config.PIX_RECEIVER_NAME,
    pix_cidade: config.PIX_CITY,
    whatsapp: config.WHATSAPP_NUMBER,
    mensagens: config.THANKS_MESSAGES,
    aviso_membros: config.MEMBERS_NOTICE,
    fuso_horario: config.EVENT_TIME_ZONE,
    inscricoes_por_numero: config.REGISTRATIONS_PER_PHONE,
    autorizacao_exigida: true,
    viagem_destino: "",
    viagem_datas: "",
    alteracoes_ate: "",
    grupo_nome: DEFAULT_GROUP_NAME,
    edicao_numero: DEFAULT_EDITION.numero,
    tema: DEFAULT_EDITION.tema,
    ano: DEFAULT_EDITION.ano,
    ...DEFAULT_DEADLINES,
  };
}

export interface EventSettingsService {
  /** The values in force, as last read. */
  current(): EventSettings;
  /** What the pages show, embedded in the HTML and at GET /api/config. */
  publicConfig(): PublicEventConfig;
  /** Changes with every reload: a cache of anything built from the settings is keyed by it. */
  readonly version: number;
  view(): Promise<SettingsView>;
  reload(): Promise<void>;
  /** Of the PIX key and the WhatsApp, those still the samples: the form stays closed until none is. */
  missingPaymentDetails(): PaymentDetail[];
  /** Of the PIX key and the WhatsApp in `next`, those that are the samples (never a value from the environment). */
  samplesIn(next: Pick<EventSettings, PaymentDetail>): PaymentDetail[];
  readonly defaults: EventSettings;
}

declare module "fastify" {
  interface FastifyInstance {
    eventSettings: EventSettingsService;
  }
}

/**
 * Loads the settings at start-up and again whenever any instance changes them
 * (the live event settings-changed).
 */
export const eventSettingsPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const defaults = settingsDefaults(opts.config);
  const extra = {
    pixTxid: opts.config.PIX_TXID,
    devMode: opts.config.NODE_ENV !== "production",
    publicUrl: opts.config.publicUrl,
  };
  await seedSettings(app.db, defaults);
  const fromEnv = opts.config.paymentDetailsFromEnv;
  // A sample saved from the panel, typed back or restored, is still the sample.
  const samplesIn = (next: Pick<EventSettings, PaymentDetail>) =>
    PAYMENT_DETAILS.filter((k) => !fromEnv[k] && next[k] === defaults[k]);
  let values: EventSettings;
  let missing: PaymentDetail[] = [];
  let config: PublicEventConfig;
  let version = 0;
  /** At the start and after every change, from here or from elsewhere (another instance, psql). */
  async function load(): Promise<void> {
    const read = await readSettings(app.db, defaults);
    values = read.values;
    missing = samplesIn(values);
    config = publicEventConfig(values, extra);
    version++;
    // The sample PIX key and WhatsApp must never take a family's money: the form stays closed while either is one.
    // The routes refuse to bring one back while the form is open; this covers a start and a change made elsewhere.
    if (missing.length > 0 && (await closeFormWhileSamples(app.db)))
      app.log.warn({ falta: missing }, "inscrições fechadas: a chave PIX ou o WhatsApp ainda é o de exemplo");
  }
  await load();

  const service: EventSettingsService = {
    current: () => values,
    publicConfig: () => config,
    get version() {
      return version;
    },
    view: () => readSettings(app.db, defaults),
    missingPaymentDetails: () => missing,
    samplesIn,
    reload: load,
    defaults,
  };
  app.decorate("eventSettings", service);

  app.realtime.onDbEvent(LIVE_EVENTS.settingsChanged, () => {
    service
      .reload()
      // Only once the new values are read: a page that asks at once gets them.
      .then(() => app.realtime.publish(LIVE_EVENTS.settingsChanged, { versao: service.version }))
      .catch((err) => app.log.error({ err }, "falha ao recarregar as configurações"));
  });
});
