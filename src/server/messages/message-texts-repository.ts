import { DEFAULT_MESSAGE_TEXTS, MESSAGE_TEXT_KEYS, type MessageTextKey } from "../../shared/messages";
import type { MessageText } from "../../shared/message-lists";
import type { Queryable } from "../db/database";

/** The five texts, each as the coordination saved it or the built-in one. */
export async function readMessageTexts(db: Queryable): Promise<MessageText[]> {
  const saved = new Map(
    (await db.query<{ chave: MessageTextKey; texto: string }>("SELECT chave, texto FROM mensagem_textos")).map((r) => [
      r.chave,
      r.texto,
    ]),
  );
  return MESSAGE_TEXT_KEYS.map((chave) => ({
    chave,
    titulo: DEFAULT_MESSAGE_TEXTS[chave].titulo,
    texto: saved.get(chave) ?? DEFAULT_MESSAGE_TEXTS[chave].texto,
    alterado: saved.has(chave),
  }));
}

const one = async (db: Queryable, chave: MessageTextKey) =>
  (await readMessageTexts(db)).find((t) => t.chave === chave) as MessageText;

/** Saves a text for next time; the built-in text itself is not kept as an edit. */
export async function saveMessageText(db: Queryable, chave: MessageTextKey, texto: string): Promise<MessageText> {
  if (texto === DEFAULT_MESSAGE_TEXTS[chave].texto) return restoreMessageText(db, chave);
  await db.query(
    `INSERT INTO mensagem_textos (chave, texto) VALUES ($1, $2)
     ON CONFLICT (chave) DO UPDATE SET texto = EXCLUDED.texto, alterado_em = now()
     WHERE mensagem_textos.texto <> EXCLUDED.texto`,
    [chave, texto],
  );
  return one(db, chave);
}

/** "Restaurar texto original". */
export async function restoreMessageText(db: Queryable, chave: MessageTextKey): Promise<MessageText> {
  await db.query("DELETE FROM mensagem_textos WHERE chave = $1", [chave]);
  return one(db, chave);
}
