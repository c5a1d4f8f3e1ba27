/**
 * The newcomer's path, run as written: `npm start -- --demo` (no display, so no browser) prints a service,
 * a key, a demo page and a curl line; that line analyzes the page; and every curl example in README.md and
 * docs/*.md runs, in order, against that service with the printed variables, and answers as its page says.
 * A variable the page shows as a placeholder (`ID=ana_…`) is filled from the answer before it.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { differencesFromDocumented, docExamples } from "./helpers/doc-examples";

const ROOT = resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

let start: ChildProcess;
let dataDir: string;
let printed = "";

/** The demo's printed lines, once it has printed them all. */
function waitForLine(pattern: RegExp, timeoutMs = 60_000): Promise<string> {
  return new Promise((resolveLine, reject) => {
    const timer = setTimeout(() => reject(new Error(`no line like ${pattern} in:\n${printed}`)), timeoutMs);
    const check = () => {
      const line = printed.split("\n").find((candidate) => pattern.test(candidate));
      if (!line) return;
      clearTimeout(timer);
      start.stdout?.off("data", check);
      resolveLine(line.trim());
    };
    start.stdout?.on("data", check);
    check();
  });
}

async function bash(script: string, env: Record<string, string>) {
  const { stdout } = await run("bash", ["-eo", "pipefail", "-c", script], {
    env: { ...process.env, ...env },
    timeout: 30_000,
    maxBuffer: 8 * 1024 * 1024,
  });
  return stdout;
}

/** `curl -D -` prints the status line and headers first. */
function splitHeaders(output: string): { status?: number; headers: Map<string, string>; body: string } {
  if (!output.startsWith("HTTP/")) return { headers: new Map(), body: output };
  const end = output.indexOf("\r\n\r\n");
  const [statusLine = "", ...headerLines] = output.slice(0, end).split("\r\n");
  const headers = new Map(
    headerLines.map((line) => {
      const colon = line.indexOf(":");
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()] as const;
    }),
  );
  return { status: Number(statusLine.split(" ")[1]), headers, body: output.slice(end + 4) };
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "linklens-demo-"));
  const env = { ...process.env };
  delete env.DISPLAY;
  delete env.WAYLAND_DISPLAY;
  start = spawn(
    join(ROOT, "node_modules/.bin/tsx"),
    ["scripts/start.ts", "--demo", "--no-build", "--port", "0", "--data", dataDir],
    { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] },
  );
  start.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    printed += chunk;
  });
  start.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    printed += chunk;
  });
}, 90_000);

afterAll(async () => {
  if (start && start.exitCode === null) {
    const exited = new Promise((done) => start.once("exit", done));
    start.kill("SIGTERM");
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe("npm start -- --demo, then the documentation's curl examples", () => {
  let variables: Record<string, string> = {};

  it("prints the service, its key, a demo page and the variables to paste", async () => {
    const exportLine = await waitForLine(/^\s*export LINKLENS=/);
    variables = Object.fromEntries(
      exportLine
        .replace(/^export /, "")
        .split(" ")
        .map((pair) => pair.split("=", 2) as [string, string]),
    );
    expect(variables.LINKLENS).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(variables.KEY).toMatch(/^lk_dev_/);
    expect(variables.PAGE).toMatch(/^https:\/\/localhost:\d+\/blog\/post\.html$/);
    // It prints this last, after the variables.
    expect(await waitForLine(/No display here/)).toContain("no browser was opened");
  }, 90_000);

  it("its printed curl line analyzes the demo page", async () => {
    const curlLine = await waitForLine(/^\s*curl /);
    const answer = JSON.parse(await bash(curlLine, variables));
    expect(answer.costCredits).toBe(1);
    expect(answer.results[0].analysis.title).toBe("Why my sourdough finally rises");
    expect(answer.results[0].textContent).toMatch(/\w/);
  });

  const files = [
    "README.md",
    ...readdirSync(join(ROOT, "docs"))
      .filter((name) => name.endsWith(".md"))
      .map((name) => `docs/${name}`),
  ];
  const examples = files.flatMap((file) => docExamples(file, readFileSync(join(ROOT, file), "utf8")));

  it("finds the README's examples: analyze, a bad request, read, edit with If-Match, related", () => {
    const readme = examples.filter((example) => example.file === "README.md").map((e) => e.script);
    expect(readme.some((script) => script.includes("/v1/links"))).toBe(true);
    expect(readme.some((script) => script.includes("If-Match"))).toBe(true);
    expect(readme.some((script) => script.includes("/v1/analyses/related"))).toBe(true);
  });

  // In order: an example may use what an earlier one answered (its analysisId, its ETag).
  it.each(examples.map((example) => [`${example.file}:${example.line}`, example] as const))(
    "%s runs and answers as documented",
    async (_, example) => {
      const missing = example.placeholders.filter((name) => !(name in variables));
      expect(missing, `set by no earlier example: ${missing.join(", ")}`).toEqual([]);
      const { status, headers, body } = splitHeaders(await bash(example.script, variables));
      if (status !== undefined) expect(status).toBeLessThan(300);
      const answer = JSON.parse(body);
      if (example.expected !== undefined)
        expect(differencesFromDocumented(example.expected, answer)).toEqual([]);
      if (answer?.results?.[0]?.analysisId) variables.ID = answer.results[0].analysisId;
      const etag = headers.get("etag");
      if (etag) variables.ETAG = etag;
    },
  );
});
