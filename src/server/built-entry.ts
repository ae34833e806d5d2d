/**
 * A file that scripts/build-server.mjs writes into dist/server. Built, this
 * module sits in dist/server too; run from the TypeScript sources (the tests),
 * it uses the copy that the test setup has just compiled from them.
 */
export function builtEntry(file: string): URL {
  const fromSources = import.meta.url.endsWith(".ts");
  return new URL(fromSources ? `../../dist/server/${file}` : `./${file}`, import.meta.url);
}
