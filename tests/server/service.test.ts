import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildService, SERVICE_NODE_FLAGS } from "../../scripts/build-service";
import { parseApiKeys } from "../../server/config";
import { startFixtureSite } from "../fixtures/site";

const ROOT = resolve(import.meta.dirname, "../..");
let dataDir: string;
let builtDir: string;
/** The service as `npm run serve` builds it (scripts/build-service.ts), in a folder of this file's own. */
let cli: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "linklens-data-"));
  // inside the checkout: the bundle finds its packages in node_modules
  mkdirSync(join(ROOT, ".tmp"), { recursive: true });
  builtDir = mkdtempSync(join(ROOT, ".tmp/service-"));
  cli = await buildService(builtDir);
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(builtDir, { recursive: true, force: true });
});

/** Starts `npm run serve`'s program, built, and resolves with the lines it printed once it is listening. */
function startCli(args: string[], env: NodeJS.ProcessEnv = {}) {
  const child = spawn(process.execPath, [...SERVICE_NODE_FLAGS, cli, ...args], {
    env: { ...process.env, LINKLENS_API_KEYS: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const ready = new Promise<string>((resolvePromise, reject) => {
    child.stdout?.on("data", (chunk) => {
      output += chunk;
      if (
        /Linklens service on http:\/\/\S+/.test(output) &&
        (env.LINKLENS_API_KEYS || /API key: \S+\n/.test(output))
      ) {
        resolvePromise(output);
      }
    });
    child.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    child.on("exit", (code) =>
      reject(Object.assign(new Error(`exited ${code}: ${output}`), { code, output })),
    );
  });
  return { child, ready };
}

const stop = (child: ChildProcess) =>
  new Promise<number | null>((resolvePromise) => {
    child.on("exit", (code) => resolvePromise(code));
    child.kill("SIGTERM");
  });

describe("the command line", () => {
  it("prints its URL and a development key, reused on the next start, and keeps records across restarts", async () => {
    const site = await startFixtureSite();
    const args = ["--port", "0", "--data", dataDir, "--allow-private-networks", "--ca", site.caFile];
    try {
      const first = startCli(args);
      const printed = await first.ready;
      const url = printed.match(/Linklens service on (http:\/\/\S+)/)?.[1] as string;
      const key = printed.match(/API key: (\S+)/)?.[1] as string;
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(key).toMatch(/^lk_dev_/);

      const analyzed = await fetch(`${url}/v1/links`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": key },
        body: JSON.stringify({ link: [site.url("/blog/post.html")], prompt: "What is the recipe?" }),
      });
      expect(analyzed.status).toBe(200);
      const { results } = await analyzed.json();
      expect(await stop(first.child)).toBe(0);

      const second = startCli(args);
      const printedAgain = await second.ready;
      expect(printedAgain).toContain(`API key: ${key}`);
      const urlAgain = printedAgain.match(/Linklens service on (http:\/\/\S+)/)?.[1] as string;
      const reread = await fetch(`${urlAgain}/v1/analyses?analysisId=${results[0].analysisId}`, {
        headers: { "x-api-key": key },
      });
      expect(reread.status).toBe(200);
      expect((await reread.json()).textContent).toBe(results[0].textContent);
      expect(await stop(second.child)).toBe(0);
    } finally {
      await site.close();
    }
  }, 90_000); // two starts of the command line, each loading PGlite

  it("uses LINKLENS_API_KEYS instead of a development key", async () => {
    const { child, ready } = startCli(["--port", "0", "--data", dataDir], {
      LINKLENS_API_KEYS: "team-a:5,team-b:7",
    });
    const printed = await ready;
    expect(printed).not.toContain("API key:");
    const url = printed.match(/Linklens service on (http:\/\/\S+)/)?.[1];
    const response = await fetch(`${url}/v1/analyses?analysisId=x`, { headers: { "x-api-key": "team-b" } });
    expect(response.status).toBe(404);
    await stop(child);
  });

  it("refuses an unknown flag or a bad key list with the usage and exit code 2", async () => {
    await expect(startCli(["--prot", "1"]).ready).rejects.toMatchObject({
      code: 2,
      output: expect.stringContaining("Usage:"),
    });
    await expect(startCli([], { LINKLENS_API_KEYS: "nocredits" }).ready).rejects.toMatchObject({ code: 2 });
    expect(() => parseApiKeys("a:1,b:x")).toThrow(/entry 2 of 2 has credits/);
    expect(parseApiKeys("a:b:3, c:0")).toEqual([
      { key: "a:b", credits: 3 },
      { key: "c", credits: 0 },
    ]);
  });

  it("is what `npm run serve` runs: the built CLI, with the V8 flags build-service.ts names", () => {
    const { scripts } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(scripts.serve).toBe(
      `npm run -s build:service && node ${SERVICE_NODE_FLAGS.join(" ")} .output-service/cli.mjs`,
    );
  });
});
