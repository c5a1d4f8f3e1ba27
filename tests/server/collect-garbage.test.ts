import { describe, expect, it } from "vitest";
import { collectGarbage } from "../../server/memory/collect-garbage";

/** A WeakRef to an object nothing else holds, made in a job that has ended by the time it resolves. */
async function forgottenObject() {
  const ref = new WeakRef({ payload: "x".repeat(1_000_000) });
  // a WeakRef's target stays alive until the job that made or read it ends
  await new Promise((resolve) => setImmediate(resolve));
  return ref;
}

describe("collectGarbage", () => {
  it("collects what nothing holds, now, without giving this context a `gc` global", async () => {
    const forgotten = await forgottenObject();
    const held = { payload: "y".repeat(1_000_000) };
    const kept = new WeakRef(held);
    collectGarbage();
    expect(forgotten.deref()).toBeUndefined();
    expect(kept.deref()).toBe(held);
    expect("gc" in globalThis).toBe(false);
  });
});
