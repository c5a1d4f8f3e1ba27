import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { takeTurns } from "../../server/store/pglite-turns";

describe("takeTurns", () => {
  let client: PGlite;
  beforeAll(async () => {
    client = takeTurns(await PGlite.create());
  });
  afterAll(() => client.close());

  it("lets the event loop run between two statements waiting for PGlite", async () => {
    const events: string[] = [];
    const first = client.query("SELECT 1").then(() => {
      events.push("first statement");
      // what the event loop has to do once the first statement ends (a request that arrived meanwhile)
      setImmediate(() => events.push("event loop"));
    });
    const second = client.query("SELECT 2").then(() => events.push("second statement"));
    await Promise.all([first, second]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(["first statement", "event loop", "second statement"]);
  });

  it("runs statements and transactions one at a time, in the order asked, failures included", async () => {
    const order: string[] = [];
    const results = await Promise.allSettled([
      client.transaction(async (tx) => {
        await tx.query("SELECT 1");
        order.push("transaction");
      }),
      client.query("SELECT nonsense FROM nowhere").finally(() => order.push("failing")),
      client.query<{ n: number }>("SELECT 3 AS n").then((result) => {
        order.push("query");
        return result.rows[0]?.n;
      }),
    ]);
    expect(order).toEqual(["transaction", "failing", "query"]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(results[2]).toEqual({ status: "fulfilled", value: 3 });
  });
});
