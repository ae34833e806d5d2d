import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pipelinedQuery } from "./pipelined-query";

describe("pipelinedQuery: one call into PGlite, same answers as PGlite's query()", () => {
  let pg: PGlite;
  let query: ReturnType<typeof pipelinedQuery>;
  beforeAll(async () => {
    pg = await PGlite.create();
    query = pipelinedQuery(pg);
    await pg.exec(`CREATE TABLE t (id serial PRIMARY KEY, name text UNIQUE NOT NULL, n int CHECK (n >= 0))`);
  });
  afterAll(() => pg.close());

  it("serialises and parses every kind of value as query() does", async () => {
    const sql = `SELECT $1::text AS text, $2::int AS int, $3::bigint AS big, $4::boolean AS bool, $5::timestamptz AS at,
                        $6::text[] AS texts, $7::int[] AS ints, $8::jsonb AS json, $9::uuid AS id, $10::text AS nothing,
                        $11::numeric AS num, $12::bytea AS bytes`;
    const params = [
      "Conceição 'd'Ávila\" \\ ; --",
      -42,
      "9007199254740993",
      false,
      new Date("2025-07-26T12:34:56.789Z"),
      ["a,b", 'c"d', "", null, "{x}"],
      [1, 2, 3],
      { nested: ["é", 1, null], ok: true },
      "5e0b8f2a-4c3d-4b7e-9a1f-2d3c4b5a6978",
      null,
      "12.50",
      new Uint8Array([0, 1, 254, 255]),
    ];
    const expected = (await pg.query(sql, params)).rows;
    const got = await query(sql, params);
    expect(got).toEqual(expected);
    expect(got[0]).toMatchObject({ text: params[0], int: -42, bool: false, texts: params[5], nothing: null });
    // A second call reuses the parameter types it learnt.
    expect(await query(sql, params)).toEqual(expected);
  });

  it("rejects with PostgreSQL's error, and the next query runs normally", async () => {
    await query("INSERT INTO t (name, n) VALUES ($1, $2)", ["ana", 1]);
    await expect(query("INSERT INTO t (name, n) VALUES ($1, $2)", ["ana", 2])).rejects.toMatchObject({
      code: "23505",
      constraint: "t_name_key",
    });
    await expect(query("INSERT INTO t (name, n) VALUES ($1, $2)", ["bia", -1])).rejects.toMatchObject({
      code: "23514",
    });
    await expect(query("SELEC 1")).rejects.toMatchObject({ code: "42601" });
    await expect(query("SELEC 1")).rejects.toMatchObject({ code: "42601" });
    expect(await query("SELECT name, n FROM t ORDER BY id")).toEqual([{ name: "ana", n: 1 }]);
  });

  it("waits for an open transaction outside it, and runs inside it when asked", async () => {
    let commit = () => {};
    const gate = new Promise<void>((resolve) => (commit = resolve));
    let inserted = () => {};
    const insertedInside = new Promise<void>((resolve) => (inserted = resolve));
    let insideSaw: unknown[] = [];
    const transaction = pg.transaction(async () => {
      await query("INSERT INTO t (name, n) VALUES ($1, $2)", ["carla", 3], true);
      insideSaw = await query("SELECT name FROM t WHERE name = $1", ["carla"], true);
      inserted();
      await gate;
    });
    await insertedInside;
    let outsideSettled = false;
    const outside = query("SELECT count(*)::int AS n FROM t").then((rows) => {
      outsideSettled = true;
      return rows;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    commit();
    expect(insideSaw).toEqual([{ name: "carla" }]);
    expect(outsideSettled).toBe(false);
    await transaction;
    expect(await outside).toEqual([{ n: 2 }]);
  });

  it("delivers NOTIFY sent by its statements to listeners", async () => {
    const payloads: string[] = [];
    const unlisten = await pg.listen("canal", (payload) => payloads.push(payload));
    await query("SELECT pg_notify('canal', $1)", ["olá"]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(payloads).toEqual(["olá"]);
    await unlisten();
  });
});
