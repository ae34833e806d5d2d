import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
  TooManyAttemptsError,
  UnavailableError,
  UnprocessableError,
} from "../domain-errors";
import { HttpError } from "../http-error";

export const UNEXPECTED_ERROR = "Erro inesperado";
export const TOO_SLOW_MESSAGE = "A consulta demorou demais e foi interrompida. Tente de novo em instantes.";
/** PostgreSQL's query_canceled: the statement timeout (postgres-database.ts) cut the query. */
const STATEMENT_TIMEOUT_CODE = "57014";
/** A rule the database holds refused the change; its message is written for the user (024-money.sql). */
const RULE_REFUSED_CODE = "CV409";

// Fastify's own 4xx errors, in the user's language.
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "O corpo da requisição não é um JSON válido.",
  FST_ERR_CTP_EMPTY_JSON_BODY: "O corpo da requisição está vazio.",
  FST_ERR_CTP_BODY_TOO_LARGE: "A requisição é grande demais.",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Tipo de conteúdo não suportado.",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "Tamanho da requisição inválido.",
  FST_ERR_CTP_INVALID_TYPE: "Tipo de conteúdo inválido.",
  FST_INVALID_MULTIPART_CONTENT_TYPE: "Envie o arquivo como multipart/form-data.",
  FST_REQ_FILE_TOO_LARGE: "O arquivo é grande demais.",
  FST_PARTS_LIMIT: "Partes demais na requisição.",
  FST_FILES_LIMIT: "Envie um arquivo por vez.",
  FST_FIELDS_LIMIT: "Campos demais na requisição.",
  FST_PROTO_VIOLATION: "Requisição inválida.",
};

// Errors Fastify meets before routing (an undecodable or over-long path), which skip setErrorHandler.
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: "Endereço inválido.",
  FST_ERR_MAX_PARAM_LENGTH: "Endereço longo demais.",
};

/** Each kind of refusal from a domain module, as HTTP (src/server/domain-errors.ts). */
const DOMAIN_STATUS: [abstract new (...args: never[]) => DomainError, number][] = [
  [InvalidInputError, 400],
  [ForbiddenError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
  [UnprocessableError, 422],
  [TooManyAttemptsError, 429],
  [UnavailableError, 503],
];

/** The HTTP status of a domain refusal; a kind missing from the table would be a 500 (domain-errors.test.ts). */
export function domainStatus(err: DomainError): number {
  return DOMAIN_STATUS.find(([kind]) => err instanceof kind)?.[1] ?? 500;
}

function sendDomainError(err: DomainError, reply: FastifyReply): FastifyReply {
  const status = domainStatus(err);
  if (err instanceof TooManyAttemptsError) reply.header("Retry-After", String(err.retryAfterSeconds));
  return reply.status(status).send({ ...err.extra, error: err.message });
}

/** Fastify's `frameworkErrors` option: the same pt-BR `{ error }` (and headers) as every other answer. */
export function frameworkErrorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  request.log.info({ code: err.code }, "endereço recusado antes do roteamento");
  reply.status(status).send({ error: FRAMEWORK_MESSAGES[err.code] ?? "Requisição inválida." });
}

/** One place turns every failure into { error: "mensagem" }; 5xx details stay in the log. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof DomainError) return sendDomainError(err, reply);
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).send({ ...err.extra, error: err.message });
    }
    if (err.validationContext) {
      return reply.status(400).send({ error: err.message });
    }
    if ((err as { code?: string }).code === RULE_REFUSED_CODE) {
      return reply.status(409).send({ error: err.message });
    }
    if ((err as { code?: string }).code === STATEMENT_TIMEOUT_CODE) {
      request.log.warn({ err }, "consulta interrompida pelo limite de tempo");
      return reply.status(503).header("Retry-After", "5").send({ error: TOO_SLOW_MESSAGE });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        FASTIFY_MESSAGES[err.code] ??
        (status === 413 ? FASTIFY_MESSAGES.FST_ERR_CTP_BODY_TOO_LARGE : "Requisição inválida.");
      return reply.status(status).send({ error: message });
    }
    request.log.error({ err }, "erro inesperado");
    return reply.status(500).send({ error: UNEXPECTED_ERROR });
  });
});
