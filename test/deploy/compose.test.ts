import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

// The compose files as a volunteer runs them: Debian's docker-compose reads them with a real .env (.ci/run installs it).
const ROOT = join(import.meta.dirname, "../..");

function composeConfig(file: string, env: string, args: string[] = []): { ok: boolean; out: string } {
  const dir = mkdtempSync(join(tmpdir(), "caravana-compose-"));
  dirs.push(dir);
  copyFileSync(join(ROOT, file), join(dir, file));
  writeFileSync(join(dir, ".env"), env);
  try {
    const out = execFileSync("docker-compose", ["-f", file, ...args, "config"], {
      cwd: dir,
      encoding: "utf8",
      stdio: "pipe",
    });
    return { ok: true, out };
  } catch (err) {
    const e = err as { stderr?: string; stdout?: string };
    return { ok: false, out: `${e.stdout ?? ""}${e.stderr ?? ""}` };
  }
}
const dirs: string[] = [];

describe("compose files", () => {
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const secrets =
    "ADMIN_PASSWORD=senha-do-painel-2026\nPOSTGRES_PASSWORD=senha-do-banco-2026\nPUBLIC_URL=https://caravana.paroquia.org\n";

  it("runs the app on PostgreSQL with health checks, a daily backup and Caddy behind a profile", () => {
    const plain = composeConfig("compose.yaml", secrets);
    expect(plain.ok, plain.out).toBe(true);
    // Caddy only with --profile https.
    expect(plain.out).toMatch(/caddy:[\s\S]*profiles:\s*- https/);
    expect(plain.out).toContain("DATABASE_URL: postgresql://caravana:senha-do-banco-2026@db:5432/caravana");
    expect(plain.out).toContain("condition: service_healthy");
    expect(plain.out).toContain("pg_isready");
    expect(plain.out).toContain("dist/server/backup.js");
    expect(plain.out).toContain("restart: unless-stopped");
    expect(plain.out).toContain("PUBLIC_URL: https://caravana.paroquia.org");
    const https = composeConfig("compose.yaml", `${secrets}DOMAIN=caravana.paroquia.org\nTRUST_PROXY=1\n`, [
      "--profile",
      "https",
    ]);
    expect(https.ok, https.out).toBe(true);
    expect(https.out).toContain("caddy reverse-proxy --from caravana.paroquia.org --to app:3000");
    // Behind Caddy the app must believe its X-Forwarded-* headers, or every admin login is refused.
    expect(https.out).toMatch(/TRUST_PROXY: '1'/);
  });

  it("runs the app alone on PGlite with a volume for DATA_DIR", () => {
    const pglite = composeConfig(
      "compose.pglite.yaml",
      "ADMIN_PASSWORD=senha-do-painel-2026\nPUBLIC_URL=https://caravana.paroquia.org\n",
    );
    expect(pglite.ok, pglite.out).toBe(true);
    expect(pglite.out).toContain("DATA_DIR: /data");
    expect(pglite.out).not.toContain("DATABASE_URL");
  });

  it("stops with a pt-BR message naming the secret .env lacks", () => {
    const missing = composeConfig("compose.yaml", "ADMIN_PASSWORD=senha-do-painel-2026\n");
    expect(missing.ok).toBe(false);
    expect(missing.out).toContain("defina POSTGRES_PASSWORD no .env");
    // The links sent to families need the site's address.
    const noAddress = composeConfig("compose.pglite.yaml", "ADMIN_PASSWORD=senha-do-painel-2026\n");
    expect(noAddress.ok).toBe(false);
    expect(noAddress.out).toContain("defina PUBLIC_URL no .env");
  });
});
