import { defineConfig } from "vitest/config";

// Three kinds of tests. `unit` needs nothing but Node: no PostgreSQL, no
// browser, no build. `api` and `browser` run against the real engines and
// share one throwaway PostgreSQL started by the global setup.
export default defineConfig({
  test: {
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    reporters: ["default", "./test/support/slowest-files-reporter.ts"],
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["src/**/*.test.ts"] },
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
        },
      },
      {
        extends: true,
        test: {
          name: "browser",
          include: ["test/browser/**/*.test.ts"],
          globalSetup: ["test/support/global-setup.ts"],
        },
      },
    ],
  },
});
