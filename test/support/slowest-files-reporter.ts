import { relative } from "node:path";
import type { Reporter, TestModule } from "vitest/node";

/**
 * Printed at the end of every run: the ten test files that took longest, so
 * the next person sees where `npm test`'s minutes go (issue: npm test in half the time).
 */
export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const rows = testModules
      .map((m) => {
        const d = m.diagnostic();
        return {
          file: relative(process.cwd(), m.moduleId),
          project: m.project.name,
          seconds: (d.duration + d.setupDuration + d.collectDuration) / 1000,
        };
      })
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 10);
    if (!rows.length) return;
    const lines = rows.map((r) => `  ${r.seconds.toFixed(1).padStart(6)} s  ${r.project.padEnd(7)} ${r.file}`);
    console.log(`\nOs 10 arquivos de teste mais lentos:\n${lines.join("\n")}\n`);
  }
}
