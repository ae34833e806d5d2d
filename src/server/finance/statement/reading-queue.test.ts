import { describe, expect, it } from "vitest";
import { UnavailableError } from "../../domain-errors";
import { QUEUE_FULL, ReadingQueue } from "./reading-queue";

/** A reading that ends when the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe("one statement read at a time", () => {
  it("reads in order, one at a time, and says where each stands", async () => {
    const queue = new ReadingQueue();
    const gates = [gate(), gate(), gate()];
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const runs = gates.map((g, i) =>
      queue.run(`t${i}`, async () => {
        running++;
        most = Math.max(most, running);
        order.push(i);
        await g.opened;
        running--;
        return i;
      }),
    );
    await new Promise((r) => setImmediate(r));
    expect(queue.place("t0")).toEqual({ estado: "lendo" });
    expect(queue.place("t1")).toEqual({ estado: "fila", antes: 1 });
    expect(queue.place("t2")).toEqual({ estado: "fila", antes: 2 });
    expect(queue.place("outro")).toBeNull();
    gates[0].open();
    await runs[0];
    await new Promise((r) => setImmediate(r));
    expect(queue.place("t2")).toEqual({ estado: "fila", antes: 1 });
    gates[1].open();
    gates[2].open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(order).toEqual([0, 1, 2]);
    expect(most).toBe(1);
    expect(queue.place("t2")).toBeNull();
  });

  it("refuses a file past the queue's length at once, and one that waited too long", async () => {
    let clock = 0;
    const queue = new ReadingQueue({ maxWaiting: 1, maxWaitMs: 0, now: () => clock });
    const first = gate();
    const reading = queue.run("a", () => first.opened);
    await new Promise((r) => setImmediate(r));
    const waiting = queue.run("b", async () => "b").catch((err: unknown) => err);
    await expect(queue.run("c", async () => "c")).rejects.toEqual(new UnavailableError(QUEUE_FULL));
    // "b" waits a moment past its limit while "a" is read.
    clock = 1;
    first.open();
    await reading;
    expect(await waiting).toBeInstanceOf(UnavailableError);
  });
});
