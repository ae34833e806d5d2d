import type { Database } from "../../src/server/db/database";
import { setFlag } from "../../src/server/db/transaction-flags";

/**
 * Payment records written straight into the table, as a restore brings them back: the only way
 * besides a registration's change (decision 040). For fixtures that need cash in someone's hands.
 */
export async function seedPaymentRecords(db: Database, sql: string, params: unknown[] = []): Promise<void> {
  await db.transaction(async (tx) => {
    await setFlag(tx, "caravana.restoring", "on");
    await tx.query(sql, params);
  });
}
