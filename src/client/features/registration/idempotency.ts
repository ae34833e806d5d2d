import { newUuid } from "../../lib/uuid";

/**
 * One key per distinct submission: the same data keeps its key, so a retry after
 * a lost answer is recognised by the server instead of registering twice.
 */
export function createKeyKeeper() {
  let last: { signature: string; key: string } | null = null;
  return (data: unknown): string => {
    const signature = JSON.stringify(data);
    if (last?.signature !== signature) last = { signature, key: newUuid() };
    return last.key;
  };
}
