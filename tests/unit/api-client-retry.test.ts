/**
 * The API client's retries within one call, over real HTTP against a scripted service: the rules are
 * lib/api/retry-policy.ts's, so a request that carries an `Idempotency-Key` (safe to send again) is
 * retried after failures that may have done part of the work, and one without is not.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createApiClient, newIdempotencyKey } from "../../lib/api/client";
import { answerJson, dropConnection, startScriptedService } from "./helpers/scripted-service";

const ANALYZED = { usageId: "use_1", costCredits: 0, results: [] };
const UPDATED = { analysisId: "a", createdAt: "t", updatedAt: "t2", analysis: {} };
const REQUEST = { link: ["https://example.com/"], prompt: "x" };

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function scripted(...script: Parameters<typeof startScriptedService>[0]) {
  const service = await startScriptedService(script);
  close = service.close;
  return service;
}

const client = (baseUrl: string, statuses: number[] = []) =>
  createApiClient({
    baseUrl,
    apiKey: "lk_test",
    retry: { baseDelayMs: 5 },
    onRetry: ({ error }) => statuses.push(error.status),
  });

describe("the client's retries within one call", () => {
  it("sends a keyed POST again after a dropped connection, a 502 and a 500", async () => {
    const service = await scripted(
      dropConnection,
      answerJson(502, { error: { code: "upstream_error", message: "provider down" } }),
      answerJson(500, { error: { code: "internal_error", message: "bug" } }),
      answerJson(200, ANALYZED),
    );
    const statuses: number[] = [];
    const answer = await client(service.url, statuses).analyzeLinks(REQUEST, {
      idempotencyKey: newIdempotencyKey(),
    });
    expect(answer.usageId).toBe("use_1");
    expect(statuses).toEqual([0, 502, 500]);
    expect(service.requests()).toBe(4);
  });

  it("does not send a POST without a key again after a 502 or a dropped connection: it may have done its work", async () => {
    const failing = await scripted(answerJson(502, { error: { code: "upstream_error", message: "x" } }));
    await expect(
      client(failing.url).updateAnalysis({ analysisId: "a", textContent: "x" }),
    ).rejects.toMatchObject({ status: 502 });
    expect(failing.requests()).toBe(1);
    await failing.close();

    const dropping = await scripted(dropConnection, answerJson(200, UPDATED));
    await expect(
      client(dropping.url).updateAnalysis({ analysisId: "a", textContent: "x" }),
    ).rejects.toMatchObject({ code: "network_error" });
    expect(dropping.requests()).toBe(1);
  });

  it("gives up after its retries, never on a refusal of the request itself", async () => {
    const busy = await scripted(answerJson(503, { message: "maintenance" }));
    await expect(client(busy.url).getAnalysis("a")).rejects.toMatchObject({ status: 503 });
    expect(busy.requests()).toBe(4);
    await busy.close();

    const refusing = await scripted(
      answerJson(402, { error: { code: "insufficient_credits", message: "x" } }),
    );
    await expect(
      client(refusing.url).analyzeLinks(REQUEST, { idempotencyKey: newIdempotencyKey() }),
    ).rejects.toMatchObject({ status: 402 });
    expect(refusing.requests()).toBe(1);
  });
});
