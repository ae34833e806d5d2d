import { MESSAGE_MESSAGES } from "../../shared/messages";
import type { Database } from "../db/database";
import { NotFoundError, UnprocessableError } from "../domain-errors";

/** Who of Equipe takes care of a bus (and sends its messages); null: nobody. */
export async function assignBusHelper(db: Database, busId: string, equipeId: number | null): Promise<void> {
  await db.transaction(async (tx) => {
    if (equipeId !== null) {
      const [member] = await tx.query("SELECT 1 FROM admin_users WHERE id = $1 AND papel = 'equipe' AND ativo", [
        equipeId,
      ]);
      if (!member) throw new UnprocessableError("Escolha uma pessoa ativa da Equipe.");
    }
    const [bus] = await tx.query("UPDATE onibus SET equipe_id = $2 WHERE id = $1 RETURNING id", [busId, equipeId]);
    if (!bus) throw new NotFoundError(MESSAGE_MESSAGES.busNotFound);
  });
}
