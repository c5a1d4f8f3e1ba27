/**
 * "Test connection" against services that decided the seed's silences differently: the seed-only mock
 * (403 for a refused key, ids checked for their format first), an HTML page, a bare 404, a stopped port.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConnection } from "../../entrypoints/background/connection";
import { type SeedService, startSeedService } from "../fixtures/seed-service/seed-service";
import { closedPortUrl } from "./helpers/closed-port";
import { answerJson, answerText, startScriptedService } from "./helpers/scripted-service";

let seed: SeedService;
beforeAll(async () => {
  seed = await startSeedService({
    apiKeys: ["good"],
    refusedKeyStatus: 403,
    checkIdFormat: true,
    idFormat: "numeric",
  });
});
afterAll(() => seed.close());

describe("testConnection uses only the seed's endpoints", () => {
  it("a service that checks the id's format first (400) accepted the key", async () => {
    const status = await testConnection(seed.url, "good");
    expect(status).toMatchObject({ state: "ok", baseUrl: seed.url, status: 400 });
    const [probe] = seed.requests().slice(-1);
    expect(probe?.method).toBe("GET");
    expect(probe?.path).toBe("/v1/analyses");
  });

  it("404 with JSON for the made-up id: the key was accepted", async () => {
    seed.choose({ checkIdFormat: false });
    try {
      expect(await testConnection(`${seed.url}/v1/`, "good")).toMatchObject({ state: "ok", status: 404 });
    } finally {
      seed.choose({ checkIdFormat: true });
    }
  });

  it.each([401, 403] as const)(
    "%i: the key was refused, with the status and the service's reason",
    async (code) => {
      seed.choose({ refusedKeyStatus: code, errorShape: "problem" });
      try {
        const status = await testConnection(seed.url, "wrong");
        expect(status).toMatchObject({ state: "unauthorized", status: code });
        expect(status.message).toContain(`HTTP ${code}`);
        expect(status.message).toContain("the API key is not valid");
      } finally {
        seed.choose({ refusedKeyStatus: 403, errorShape: "message" });
      }
    },
  );

  it("an HTML page is not a /v1 service", async () => {
    const page = await startScriptedService([answerText(200, "<!doctype html><title>Welcome</title>")]);
    try {
      const status = await testConnection(page.url, "good");
      expect(status).toMatchObject({ state: "not_api", status: 200 });
      expect(status.message).toContain("HTML page");
    } finally {
      await page.close();
    }
  });

  it("a 404 without JSON at /v1/… is not a /v1 service", async () => {
    const bare = await startScriptedService([
      (_request, response) => {
        response.writeHead(404, { "content-type": "text/plain" });
        response.end("Cannot GET /v1/analyses");
      },
    ]);
    try {
      expect(await testConnection(bare.url, "good")).toMatchObject({ state: "not_api", status: 404 });
    } finally {
      await bare.close();
    }
  });

  it("a 422 with JSON is an answer of a /v1 API", async () => {
    const strict = await startScriptedService([
      answerJson(422, { detail: [{ msg: "value is not a valid uuid" }] }),
    ]);
    try {
      expect(await testConnection(strict.url, "good")).toMatchObject({ state: "ok", status: 422 });
    } finally {
      await strict.close();
    }
  });

  it("a 503 is an error with its status and reason, said once", async () => {
    const busy = await startScriptedService([answerText(503, "<h1>503 Service Unavailable</h1>")]);
    try {
      const status = await testConnection(busy.url, "good");
      expect(status.state).toBe("not_api");
      const text = await startScriptedService([
        (_request, response) => {
          response.writeHead(503, { "content-type": "text/plain" });
          response.end("503 Service Unavailable: warming up");
        },
      ]);
      try {
        const warming = await testConnection(text.url, "good");
        expect(warming).toMatchObject({ state: "error", status: 503 });
        expect(warming.message).toBe("HTTP 503 Service Unavailable: warming up");
      } finally {
        await text.close();
      }
    } finally {
      await busy.close();
    }
  });

  it("nothing listening: unreachable", async () => {
    const url = await closedPortUrl();
    expect(await testConnection(url, "good")).toMatchObject({ state: "unreachable", baseUrl: url });
  });
});
