import { ms, percentile, type Report } from "./support-report";
import { adminCookie } from "./support-server";

/** Just under the import's 5 MB limit. */
const FIVE_MB = 5 * 1024 * 1024 - 1024;

/** The review's files and a 5 MB file of each hostile shape (issue 38), OFX and CSV. */
export const HOSTILE_FILES: { name: string; file: () => string }[] = [
  { name: "53 bytes (29 letras)", file: () => `OFXHEADER:100\n\n<OFX>\n<${"A".repeat(29)}>x` },
  { name: "360 KB, 40.000 <STMTTRN> abertos", file: () => `OFXHEADER:100\n\n<OFX>${"<STMTTRN>".repeat(40_000)}` },
  { name: "5 MB, uma tag", file: () => `OFXHEADER:100\n\n<OFX>\n<${"A".repeat(FIVE_MB)}>x` },
  { name: "5 MB, <STMTTRN> abertos", file: () => `OFXHEADER:100\n\n<OFX>${"<STMTTRN>".repeat(FIVE_MB / 9)}` },
  { name: "5 MB de '<' sem '>'", file: () => `OFXHEADER:100\n\n<OFX>${"<".repeat(FIVE_MB)}` },
  { name: "5 MB de espaços", file: () => `OFXHEADER:100\n\n<OFX>${" ".repeat(FIVE_MB)}<STMTTRN>` },
  { name: "5 MB, CSV de um campo", file: () => `Data;Valor;Descrição\n12/08/2025;15,00;"${"a".repeat(FIVE_MB)}` },
  { name: "5 MB, CSV de separadores", file: () => `Data;Valor;Descrição\n12/08/2025;15,00;PIX${";".repeat(FIVE_MB)}` },
  { name: "5 MB, CSV de linhas curtas", file: () => `Data;Valor;Descrição\n${"1;2;3\n".repeat(FIVE_MB / 6)}` },
];

/** Each file imported once, with a visitor loading "/" every 50 ms meanwhile. */
export async function hostileFilesAttack(
  base: string,
  kind: string,
  r: Report,
  visitor: (base: string, path: string) => { stop: () => Promise<{ latencies: number[]; errors: number }> },
) {
  const cookie = await adminCookie(base);
  const v = visitor(base, "/");
  for (const { name, file } of HOSTILE_FILES) {
    const form = new FormData();
    form.append("arquivo", new Blob([file()]), name.includes("CSV") ? "extrato.csv" : "extrato.ofx");
    const started = performance.now();
    const res = await fetch(`${base}/api/finance/statements`, { method: "POST", body: form, headers: { cookie } });
    await res.arrayBuffer();
    const elapsed = performance.now() - started;
    const refused = res.status >= 400 && res.status < 500;
    r.check(
      `${kind} extrato hostil ${name}`,
      `${res.status} em ${ms(elapsed)}`,
      "4xx ≤ 2 s",
      refused && elapsed <= 2000,
    );
  }
  const stats = await v.stop();
  const p95 = percentile(stats.latencies, 95);
  r.check(`${kind} extratos hostis: visitante GET / p95`, ms(p95), "≤ 200 ms", p95 <= 200 && stats.errors === 0);
}
