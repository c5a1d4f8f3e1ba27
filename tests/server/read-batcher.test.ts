import { describe, expect, it } from "vitest";
import { createReadBatcher } from "../../server/store/read-batcher";

/** A load that records each batch and answers `key × 10`, or fails for a batch holding 13. */
function recordingLoad() {
  const batches: number[][] = [];
  let release: (() => void) | undefined;
  const load = async (keys: number[]) => {
    batches.push(keys);
    if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
    if (keys.includes(13)) throw new Error("thirteen");
    return keys.map((key) => key * 10);
  };
  return { batches, load, releaseFirst: () => release?.() };
}

describe("createReadBatcher", () => {
  it("loads the reads of one turn of the event loop together, and those made meanwhile in the next load", async () => {
    const { batches, load, releaseFirst } = recordingLoad();
    const read = createReadBatcher(load, { concurrency: 1 });
    const first = [read(1), read(2), read(3)];
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1, 2, 3]]);

    const later = [read(4), read(5)];
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toHaveLength(1); // the first load still runs: one at a time
    releaseFirst();
    expect(await Promise.all([...first, ...later])).toEqual([10, 20, 30, 40, 50]);
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it("fails only the reads of a failed batch", async () => {
    const { load, releaseFirst } = recordingLoad();
    const read = createReadBatcher(load, { concurrency: 1, maxBatch: 2 });
    releaseFirst();
    const reads = [read(1), read(2), read(13), read(4)].map((promise) =>
      promise.then(
        (value) => value,
        (error: Error) => error.message,
      ),
    );
    setImmediate(releaseFirst);
    expect(await Promise.all(reads)).toEqual([10, 20, "thirteen", "thirteen"]);
  });
});
