import { defineConfig } from "vitest/config";

// Three kinds of tests. `unit` needs nothing but Node: no PostgreSQL, no
// browser, no build. `api` and `browser` run against the real engines and
// share one throwaway PostgreSQL started by the global setup.
export default defineConfig({
  test: {
    pool: "forks",
    // Three on the two cores: a browser file waits on Chromium and an API file on its servers, so
    // two workers left a fifth of the CPU idle (468 s against 419 s, decision 042).
    maxWorkers: 3,
    // As the server runs (src/server/main.ts sets it): PGlite's WebAssembly on V8's baseline compiler
    // only. The optimising one cost every test worker CPU on both cores (decision 042).
    execArgv: ["--liftoff-only"],
    testTimeout: 30_000,
    reporters: ["default", "./test/support/slowest-files-reporter.ts"],
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["src/**/*.test.ts"],
          // One module graph per worker, as the other projects: a fresh one for each of some fifty files cost
          // the unit project half its CPU (23 s against 12 s alone, docs/performance.md).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "api",
          include: [
            "test/api/**/*.test.ts",
            "test/security/**/*.test.ts",
            "test/resilience/**/*.test.ts",
            "test/deploy/**/*.test.ts",
          ],
          globalSetup: ["test/support/global-setup.ts"],
          // A worker keeps its modules from file to file: each file still starts its own servers
          // and databases, but Node, the server's modules and PGlite's WebAssembly load once.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "browser",
          // A phone's flow of many taps, with the API files' servers sharing the 2 cores.
          testTimeout: 60_000,
          // As for the API files, and one Chromium per worker (test/support/browser.ts).
          isolate: false,
          include: ["test/browser/**/*.test.ts"],
          globalSetup: ["test/support/global-setup.ts"],
        },
      },
    ],
  },
});
