import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const TSX = join(ROOT, "node_modules/.bin/tsx");
/** Every key in this file holds SECRET, so one search of the output finds any that leaked. */
const KEY = "lk_log_SECRET_alpha";

interface Cli {
  child: ChildProcess;
  /** Everything printed so far, stdout and stderr together. */
  output(): string;
  /** Its exit code, once it has exited and everything it printed has been read. */
  exited: Promise<number | null>;
}

function startCli(env: NodeJS.ProcessEnv, dataDir: string): Cli {
  const child = spawn(TSX, [join(ROOT, "server/cli.ts"), "--port", "0", "--data", dataDir], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  // "close", not "exit": it comes once the pipes are drained, so the output is whole.
  const exited = new Promise<number | null>((resolvePromise) => child.on("close", resolvePromise));
  return { child, output: () => output, exited };
}

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), "linklens-logs-"));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("a malformed LINKLENS_API_KEYS", () => {
  it("says which entry is wrong and why, never the entry's text", async () => {
    const cases: [string, RegExp][] = [
      ["lk_ok_SECRET_1:5,lk_bad_SECRET_2:many", /entry 2\b.*credits/],
      ["lk_nocolon_SECRET_3", /entry 1\b.*key:credits/],
      ["lk_ok_SECRET_4:5,lk_ok_SECRET_5:6,:7", /entry 3\b.*key/],
      ["lk_negative_SECRET_6:-1", /entry 1\b.*credits/],
    ];
    await Promise.all(
      cases.map(async ([value, reason]) => {
        const cli = startCli({ LINKLENS_API_KEYS: value }, join(dataDir, "keys"));
        expect(await cli.exited, cli.output()).toBe(2);
        expect(cli.output()).toMatch(/LINKLENS_API_KEYS/);
        expect(cli.output()).toMatch(reason);
        expect(cli.output()).not.toContain("SECRET");
      }),
    );
  });
});

describe("the running service's log", { timeout: 150_000 }, () => {
  /**
   * Starts the service, sends it `requests`, then stops it (SIGTERM) and answers all it printed, and the lines
   * it printed after it started listening: read once it has exited and its output is drained, so no line can
   * come later.
   */
  async function printed(
    requests: (url: string) => Promise<void>,
  ): Promise<{ output: string; lines: string[] }> {
    const cli = startCli({ LINKLENS_API_KEYS: `${KEY}:100` }, join(dataDir, "service"));
    const url = await vi.waitFor(
      () => {
        const listening = cli.output().match(/Linklens service on (http:\/\/\S+)/)?.[1];
        if (!listening) throw new Error(`the service is not listening yet; it printed:\n${cli.output()}`);
        return listening;
      },
      { timeout: 60_000, interval: 50 },
    );
    const start = cli.output().length;
    try {
      await requests(url);
      const health = await fetch(`${url}/healthz`);
      expect(health.status).toBe(200);
    } finally {
      cli.child.kill("SIGTERM");
    }
    expect(await cli.exited, cli.output()).toBe(0);
    const output = cli.output();
    return {
      output,
      lines: output
        .slice(start)
        .split("\n")
        .filter((line) => line.trim() !== ""),
    };
  }

  /**
   * Sends a request's headers, and once the service has taken it (its `100 Continue`), part of its JSON
   * body; then goes away.
   */
  const abortMidBody = (url: string, path: string, headers: string) =>
    new Promise<void>((done) => {
      const socket = connect(Number(new URL(url).port), "127.0.0.1", () => {
        socket.write(
          `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}content-type: application/json\r\n` +
            "content-length: 5000\r\nexpect: 100-continue\r\n\r\n",
        );
      });
      socket.once("data", () => {
        socket.write('{"analysisId":"ana_x","textContent":"', () => socket.destroy());
      });
      socket.on("close", () => done());
      socket.on("error", () => undefined);
    });

  it("writes at most one line, and no stack, per request a client aborted mid-body", async () => {
    const { lines } = await printed(async (url) => {
      for (let i = 0; i < 5; i++) {
        await abortMidBody(url, i % 2 ? "/v1/links" : "/v1/analyses", `x-api-key: ${KEY}\r\n`);
      }
    });
    expect(lines.length, lines.join("\n")).toBeLessThanOrEqual(5);
    for (const line of lines) {
      expect(line).not.toMatch(/^\s+at /);
      expect(line).not.toMatch(/internal error|failed: Error/);
    }
  });

  it("never contains an API key, whatever the requests carry", async () => {
    const headers = { "content-type": "application/json", "x-api-key": KEY };
    const { output } = await printed(async (url) => {
      await fetch(`${url}/v1/analyses?analysisId=x`, { headers: { "x-api-key": "lk_wrong_SECRET" } });
      await fetch(`${url}/v1/analyses`, {
        method: "POST",
        headers,
        body: `{"analysisId":"${KEY}","textContent":"x"}`,
      });
      await fetch(`${url}/v1/links`, { method: "POST", headers, body: "{not json" });
      await fetch(`${url}/v1/analyses?analysisId=x`, {
        headers: { ...headers, "x-pad": "p".repeat(20_000) },
      });
      await abortMidBody(url, "/v1/analyses", `x-api-key: ${KEY}\r\n`);
    });
    expect(output).not.toContain("SECRET");
  });
});
