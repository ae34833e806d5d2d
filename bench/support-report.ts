import { cpus, loadavg } from "node:os";

/** Printing figures against their targets, and small statistics. */

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

export const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

interface Line {
  label: string;
  value: string;
  target?: string;
  ok?: boolean;
}

/** Collects result lines; prints them as they come and again as a summary at the end. */
export class Report {
  private readonly lines: Line[] = [];
  constructor(private readonly title: string) {
    console.log(`${title}: ${cpus().length} núcleos, carga da máquina ao começar ${load()}`);
  }

  /** A figure with a target: OK or MISSED next to it. */
  check(label: string, value: string, target: string, ok: boolean): void {
    this.add({ label, value, target, ok });
  }

  /** A figure without a target. */
  info(label: string, value: string): void {
    this.add({ label, value });
  }

  private add(line: Line): void {
    this.lines.push(line);
    console.log(format(line));
  }

  get missed(): number {
    return this.lines.filter((l) => l.ok === false).length;
  }

  print(): void {
    console.log(`\n=== ${this.title} ===`);
    // Other work on the machine inflates every latency here; the load average says how much there was.
    console.log(`  carga da máquina ao terminar (1/5/15 min): ${load()}`);
    for (const l of this.lines) console.log(format(l));
    console.log(this.missed ? `${this.missed} meta(s) MISSED` : "todas as metas atingidas");
  }
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" / ");

function format(l: Line): string {
  const head = `  ${l.label.padEnd(46)} ${l.value.padStart(14)}`;
  if (l.target === undefined) return head;
  return `${head}   meta ${l.target.padEnd(10)} ${l.ok ? "OK" : "<<< MISSED"}`;
}

/** Runs a bench: exit 0 once it has printed its figures (a MISSED target included), 1 if it crashed. */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
