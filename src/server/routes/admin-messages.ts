import type { FastifyReply, FastifyRequest } from "fastify";
import * as z from "zod/mini";
import { idParamsSchema, REGISTRATION_NOT_FOUND } from "../../shared/admin-api";
import { MESSAGE_GROUPS, MESSAGE_MESSAGES, MESSAGE_TEXT_KEYS } from "../../shared/messages";
import {
  type MessageGroupCount,
  type MessagesHome,
  messageTextBodySchema,
  newMessageListSchema,
} from "../../shared/message-lists";
import { HttpError } from "../http-error";
import { assignBusHelper } from "../messages/bus-helper";
import { checkMayStart, createMessageList, previewMessageList } from "../messages/create-message-list";
import { groupCounts } from "../messages/message-groups";
import { readMessageTexts, restoreMessageText, saveMessageText } from "../messages/message-texts-repository";
import { readMessageList, recentMessageLists } from "../messages/read-message-list";
import { messageOneRegistration } from "../messages/message-one-registration";
import { openMessageRow, type RowAction } from "../messages/send-message-row";
import { sendListAsNotices } from "../messages/send-list-as-notices";
import type { RoutePlugin } from "../plugins/zod-validation";
import { INT4_MAX, UUID_PATTERN } from "../../shared/constants";

const textParamsSchema = z.object({ chave: z.enum(MESSAGE_TEXT_KEYS, { error: "Texto não encontrado." }) });
const listParamsSchema = z.object({
  id: z.string().check(z.regex(UUID_PATTERN, MESSAGE_MESSAGES.listNotFound)),
});
const rowParamsSchema = z.object({
  id: z.string().check(z.regex(UUID_PATTERN, MESSAGE_MESSAGES.rowNotFound)),
});
const oneTextQuerySchema = z.object({
  texto: z.optional(z.enum(MESSAGE_TEXT_KEYS, { error: "Texto não encontrado." })),
});
const busHelperSchema = z.strictObject({
  equipe_id: z.nullable(
    z
      .number({ error: "Escolha uma pessoa da Equipe." })
      .check(
        z.int("Escolha uma pessoa da Equipe."),
        z.positive("Escolha uma pessoa da Equipe."),
        z.lte(INT4_MAX, "Escolha uma pessoa da Equipe."),
      ),
  ),
});

/**
 * A GET that sends: a link the helper taps opens WhatsApp through a redirect,
 * which a page's click alone may do on every phone (decision 043). The session
 * cookie is SameSite=Strict; a browser that says the tap came from another
 * site is refused too.
 */
function refuseOtherSites(request: FastifyRequest) {
  const site = request.headers["sec-fetch-site"];
  const mode = request.headers["sec-fetch-mode"];
  // A page's fetch() to this URL, or a prefetch (today's Sec-Purpose, or the older Purpose and X-Moz), is not a tap.
  const prefetch = ["sec-purpose", "purpose", "x-moz"].some((h) => request.headers[h] !== undefined);
  const notATap = (mode !== undefined && mode !== "navigate") || prefetch;
  if ((site !== undefined && site !== "same-origin" && site !== "none") || notATap) {
    throw new HttpError(403, "Abra a mensagem pela página Mensagens do próprio site.");
  }
}

/** "Selecionar" may send up to 2,000 ids: more than the site's 16 KB JSON limit. */
const LIST_BODY_LIMIT = 128 * 1024;

const backToList = (reply: FastifyReply, listId: string, aviso: string) =>
  reply.redirect(`/admin/mensagens?lista=${listId}&aviso=${aviso}`, 303);

/** /api/mensagens: lists of WhatsApp messages, their texts, and the one-tap sending. */
const adminMessageRoutes: RoutePlugin = async (app) => {
  app.get("/api/mensagens", { config: { equipe: true } }, async (request): Promise<MessagesHome> => {
    const actor = request.admin!;
    const [counts, textos, listas] = await Promise.all([
      groupCounts(app.db),
      readMessageTexts(app.db),
      recentMessageLists(app.db, actor),
    ]);
    const grupos: MessageGroupCount[] = counts
      .filter((c) => actor.papel === "coordenacao" || (c.grupo === "onibus" && c.equipe_id === actor.id))
      .map((c) => ({
        grupo: c.grupo,
        onibus_id: c.onibus_id,
        rotulo: c.grupo === "onibus" ? (c.onibus_nome as string) : MESSAGE_GROUPS[c.grupo],
        pessoas: c.pessoas,
        sem_mensagens: c.sem_mensagens,
        equipe_id: c.equipe_id,
      }));
    return { grupos, textos, listas, pode_editar_textos: actor.papel === "coordenacao" };
  });

  app.put(
    "/api/mensagens/textos/:chave",
    { schema: { params: textParamsSchema, body: messageTextBodySchema } },
    (request) => saveMessageText(request.actorDb, request.params.chave, request.body.texto),
  );
  app.delete("/api/mensagens/textos/:chave", { schema: { params: textParamsSchema } }, (request) =>
    restoreMessageText(request.actorDb, request.params.chave),
  );

  app.put(
    "/api/mensagens/onibus/:id/equipe",
    { schema: { params: idParamsSchema, body: busHelperSchema } },
    async (request, reply) => {
      await assignBusHelper(request.actorDb, request.params.id, request.body.equipe_id);
      return reply.status(204).send();
    },
  );

  app.post(
    "/api/mensagens/previa",
    { config: { equipe: true }, bodyLimit: LIST_BODY_LIMIT, schema: { body: newMessageListSchema } },
    async (request) => {
      await checkMayStart(app.db, request.admin!, request.body);
      return previewMessageList(
        app.db,
        request.body,
        app.eventSettings.current(),
        app.eventSettings.publicConfig().publicUrl,
      );
    },
  );

  app.post(
    "/api/mensagens/listas",
    { config: { equipe: true }, bodyLimit: LIST_BODY_LIMIT, schema: { body: newMessageListSchema } },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await createMessageList(
            request.actorDb,
            request.admin!,
            request.body,
            app.eventSettings.current(),
            app.eventSettings.publicConfig().publicUrl,
          ),
        ),
  );

  app.get(
    "/api/mensagens/listas/:id",
    { config: { equipe: true }, schema: { params: listParamsSchema } },
    async (request) => {
      const list = await readMessageList(app.db, request.admin!, request.params.id);
      if (!list) throw new HttpError(404, MESSAGE_MESSAGES.listNotFound);
      return list;
    },
  );

  // "Enviar aviso no celular": the rows whose people all have notices on, in one tap; Equipe on its own lists.
  app.post(
    "/api/mensagens/listas/:id/avisos",
    { config: { equipe: true }, schema: { params: listParamsSchema } },
    async (request) =>
      sendListAsNotices(request.actorDb, request.admin!, request.params.id, app.eventSettings.current()),
  );

  const open = (request: FastifyRequest, id: string, action: RowAction) =>
    openMessageRow(
      request.actorDb,
      request.admin!,
      id,
      action,
      app.eventSettings.current(),
      app.eventSettings.publicConfig().publicUrl,
    );

  app.get(
    "/api/mensagens/linhas/:id/whatsapp",
    { config: { equipe: true }, schema: { params: rowParamsSchema } },
    async (request, reply) => {
      refuseOtherSites(request);
      // A HEAD (a link preview, a prefetch) must never send a message.
      if (request.method === "HEAD") return reply.status(204).send();
      const outcome = await open(request, request.params.id, "whatsapp");
      if ("recusa" in outcome) return backToList(reply, outcome.lista_id, outcome.recusa);
      return reply.redirect("url" in outcome ? outcome.url : "/admin/mensagens", 302);
    },
  );

  app.post(
    "/api/mensagens/linhas/:id/texto",
    { config: { equipe: true }, schema: { params: rowParamsSchema } },
    async (request) => open(request, request.params.id, "texto"),
  );

  app.post(
    "/api/mensagens/linhas/:id/enviada",
    { config: { equipe: true }, schema: { params: rowParamsSchema } },
    async (request) => open(request, request.params.id, "enviada"),
  );

  // "WhatsApp" by a phone number in the details or a card: one registration, one of the saved texts.
  // Coordenação only, like "Enviar link": a text with {link} gives a secret that opens the health notes.
  app.get(
    "/api/mensagens/inscricao/:id/whatsapp",
    { schema: { params: idParamsSchema, querystring: oneTextQuerySchema } },
    async (request, reply) => {
      refuseOtherSites(request);
      if (request.method === "HEAD") return reply.status(204).send();
      const url = await messageOneRegistration(
        app.db,
        request.params.id,
        request.query.texto ?? null,
        app.eventSettings.current(),
        app.eventSettings.publicConfig().publicUrl,
      );
      if (!url) throw new HttpError(404, REGISTRATION_NOT_FOUND);
      if (typeof url !== "string") return reply.redirect(`/admin/mensagens?aviso=${url.recusa}`, 303);
      return reply.redirect(url, 302);
    },
  );
};

export default adminMessageRoutes;
