import type { ConnectionStatus } from "../../lib/messaging/protocol";
import { expect, TEST_API_KEY, test } from "./fixtures";

/** Runs inside an extension page: the same command the options page sends to the worker. */
async function testConnection([baseUrl, apiKey]: readonly [string, string]): Promise<ConnectionStatus> {
  const { chrome } = globalThis as unknown as {
    chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } };
  };
  const result = (await chrome.runtime.sendMessage({
    linklens: 1,
    command: "connection.test",
    request: { baseUrl, apiKey },
  })) as { value: ConnectionStatus };
  return result.value;
}

test("the built worker loads and reaches the reference service", async ({ openExtensionPage, service }) => {
  const page = await openExtensionPage("options.html");

  expect(await page.evaluate(testConnection, [service.url, TEST_API_KEY] as const)).toMatchObject({
    state: "ok",
    baseUrl: service.url,
  });
  expect(await page.evaluate(testConnection, [service.url, "wrong-key"] as const)).toMatchObject({
    state: "unauthorized",
  });
  expect(await page.evaluate(testConnection, ["http://127.0.0.1:9", "any"] as const)).toMatchObject({
    state: "unreachable",
    baseUrl: "http://127.0.0.1:9",
  });
});
