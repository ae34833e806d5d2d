import { EditionsPage } from "../features/admin-editions/editions-page";
import { readQueue } from "../features/boarding/utils/boarding-store";
import { AdminSubpage } from "./admin-subpage";

/** This phone's roll call marks not yet sent: the close waits for them (docs/decisions/038). */
async function countQueuedMarks(): Promise<number> {
  try {
    return (await readQueue()).length;
  } catch {
    // No IndexedDB (a private window): this phone has no queue.
    return 0;
  }
}

/** /admin/edicoes: close this year's caravan, and the earlier ones (Coordenação). */
export function EditionsRoute() {
  return (
    <AdminSubpage title="Edições" coordinationOnly>
      <EditionsPage countQueuedMarks={countQueuedMarks} />
    </AdminSubpage>
  );
}
