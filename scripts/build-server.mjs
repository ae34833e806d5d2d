// Compiles the server and its commands into plain JavaScript in dist/server,
// so production runs `node` alone: no TypeScript loader, no esbuild process.
import { cpSync, rmSync } from "node:fs";
import { build } from "esbuild";

const out = "dist/server";
rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: {
    main: "src/server/main.ts",
    "pglite-create": "src/server/db/pglite/create-data-dir-process.ts",
    backup: "src/server/cli/backup.ts",
    restore: "src/server/cli/restore.ts",
    purge: "src/server/cli/purge.ts",
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
console.log(`servidor compilado em ${out}`);
