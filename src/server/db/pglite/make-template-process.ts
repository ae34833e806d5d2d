// Entry of `npm run build`'s step that writes dist/server/pgdata-template.tar.gz (data-dir-template.ts).
import { writeFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_OPTIONS } from "./options";

const pg = await PGlite.create(PGLITE_OPTIONS);
const dump = await pg.dumpDataDir("gzip");
await pg.close();
writeFileSync(process.argv[2], Buffer.from(await dump.arrayBuffer()));
