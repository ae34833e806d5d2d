// Compiles the server and its commands into plain JavaScript in dist/server,
// so production runs `node` alone: no TypeScript loader, no esbuild process.
import { execFileSync } from "node:child_process";
import { cpSync, rmSync } from "node:fs";
import { build } from "esbuild";

const out = "dist/server";
rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: {
    main: "src/server/main.ts",
    "pglite-template": "src/server/db/pglite/make-template-process.ts",
    backup: "src/server/cli/backup.ts",
    restore: "src/server/cli/restore.ts",
    purge: "src/server/cli/purge.ts",
    // Statement files are read off the server's thread, and stopped when too slow (decision 039).
    "statement-worker": "src/server/finance/statement/statement-worker.ts",
  },
  outdir: out,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  logLevel: "warning",
});
cpSync("src/server/db/migrations", `${out}/migrations`, { recursive: true });
// Each function and trigger in a file of its own, applied after the migrations (db/definitions.ts).
for (const folder of ["functions", "triggers"])
  cpSync(`src/server/db/${folder}`, `${out}/${folder}`, { recursive: true });
// An initialised, empty PGlite folder, so no start of the server runs initdb (decision 035).
execFileSync(process.execPath, ["--liftoff-only", `${out}/pglite-template.js`, `${out}/pgdata-template.tar.gz`], {
  stdio: "inherit",
});
console.log(`servidor compilado em ${out}`);
