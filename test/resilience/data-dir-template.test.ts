import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openPglite } from "../../src/server/db/pglite/open-pglite";

// A new DATA_DIR gets its files from the template `npm run build` made with the installed PGlite (decision 035).
describe("a new PGlite folder", () => {
  const dirs: string[] = [];
  const fresh = () => {
    const dir = mkdtempSync(join(tmpdir(), "caravana-template-"));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("starts from the build's template, which is the installed PGlite's own version", async () => {
    const dir = fresh();
    const created: number[] = [];
    const db = await openPglite({ dataDir: dir, checkpointIntervalMs: 60_000, onCreated: (i) => created.push(i.ms) });
    try {
      const [{ v }] = await db.query<{ v: string }>("SELECT current_setting('server_version_num') AS v");
      expect(readFileSync(join(dir, "pgdata", "PG_VERSION"), "utf8").trim()).toBe(
        String(Math.floor(Number(v) / 10000)),
      );
      expect(created).toHaveLength(1);
      expect(existsSync(join(dir, "pgdata.criando"))).toBe(false);
    } finally {
      await db.close();
    }
    // The next start opens the same files and creates nothing.
    const again = await openPglite({
      dataDir: dir,
      checkpointIntervalMs: 60_000,
      onCreated: (i) => created.push(i.ms),
    });
    await again.close();
    expect(created).toHaveLength(1);
  });

  it("starts again after a first start cut while it wrote the files", async () => {
    const dir = fresh();
    mkdirSync(join(dir, "pgdata.criando", "base"), { recursive: true });
    writeFileSync(join(dir, "pgdata.criando", "base", "meio"), "cortado");
    const db = await openPglite({ dataDir: dir, checkpointIntervalMs: 60_000 });
    try {
      expect(await db.query("SELECT 1 AS ok")).toEqual([{ ok: 1 }]);
    } finally {
      await db.close();
    }
  });

  it("refuses a folder that has files but no database, and changes none of them", async () => {
    const dir = fresh();
    mkdirSync(join(dir, "pgdata"));
    writeFileSync(join(dir, "pgdata", "notas.txt"), "não apague");
    await expect(openPglite({ dataDir: dir, checkpointIntervalMs: 60_000 })).rejects.toThrow(/não um banco/);
    expect(readFileSync(join(dir, "pgdata", "notas.txt"), "utf8")).toBe("não apague");
  });
});
