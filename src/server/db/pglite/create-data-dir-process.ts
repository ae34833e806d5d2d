// Entry of the process that creates an empty DATA_DIR (create-data-dir.ts).
import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_OPTIONS, pgdataOf } from "./options";

const pg = await PGlite.create(pgdataOf(process.argv[2]), PGLITE_OPTIONS);
await pg.close();
const peakKb = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync("/proc/self/status", "utf8"))?.[1] ?? "0";
console.log(`peak-kb ${peakKb}`);
