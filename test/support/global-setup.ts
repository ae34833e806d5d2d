import { execFileSync } from "node:child_process";
import type { TestProject } from "vitest/node";
import { startPostgres } from "./postgres-server";

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

/** One PostgreSQL server for the whole run; each test file makes its own database in it. */
export default async function setup(project: TestProject) {
  // Tests that start the server as a process run dist/server: compiled from the current sources.
  execFileSync(process.execPath, ["scripts/build-server.mjs"], { stdio: "inherit" });
  const server = await startPostgres();
  project.provide("postgresUrl", server.url);
  return () => server.stop();
}
