/**
 * The reference service as `npm run serve` runs it (built by scripts/build-service.ts, started with its V8
 * flags), in a process of its own for the benchmarks: on a free port, with the bench's key and rate limits
 * out of the way, and the offline generator.
 * `BENCH_CPU_PROF=DIR` writes CPU profiles of each service process and its page threads into DIR (node
 * --cpu-prof), unless the caller says where.
 * `BENCH_SERVICE_FLAGS="--record-cache 0"` passes flags to every service process (docs/service.md).
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { buildService, SERVICE_NODE_FLAGS } from "../scripts/build-service";

const ROOT = resolve(import.meta.dirname, "..");
/** The key every benchmark sends, with a million credits. */
export const BENCH_KEY = "lk_bench";
/** Flags every service process is started with, besides the bench's own. */
const SERVICE_FLAGS = process.env.BENCH_SERVICE_FLAGS?.split(/\s+/).filter(Boolean) ?? [];

export type ServiceProcess = Awaited<ReturnType<typeof startServiceProcess>>;

/** The service as `npm run serve` runs it: built once per run. */
let builtCli: Promise<string> | undefined;

/** `npm run serve` in its own process, on a free port, over `dataDir`. */
export async function startServiceProcess(
  dataDir: string,
  caFile: string,
  databaseUrl?: string,
  flags: string[] = [],
  /** Where node --cpu-prof writes the process's profile as it exits; `false` for none. */
  profileDir: string | false | undefined = process.env.BENCH_CPU_PROF,
) {
  const env = { ...process.env };
  for (const name of ["LLM_BASE_URL", "LLM_MODEL", "LLM_API_KEY"]) delete env[name]; // the offline generator
  builtCli ??= buildService();
  const cli = await builtCli;
  const child = spawn(
    process.execPath,
    [
      ...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${resolve(profileDir)}`] : []),
      ...SERVICE_NODE_FLAGS,
      cli,
      ...["--port", "0", "--data", dataDir, "--ca", caFile, "--allow-private-networks"],
      ...SERVICE_FLAGS,
      ...flags,
    ],
    {
      cwd: ROOT,
      env: {
        ...env,
        LINKLENS_API_KEYS: `${BENCH_KEY}:1000000`,
        LINKLENS_RATE_ANALYZE: "1000000",
        LINKLENS_RATE_OTHER: "100000000",
        ...(databaseUrl && { DATABASE_URL: databaseUrl }),
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  let printed = "";
  const url = await new Promise<string>((done, fail) => {
    child.stdout?.setEncoding("utf8").on("data", (text: string) => {
      printed += text;
      const match = printed.match(/Linklens service on (\S+)/);
      if (match?.[1]) done(match[1]);
    });
    void exited.then(() => fail(new Error(`the service exited before listening:\n${printed}`)));
  });
  // The service fills its record cache and related index in the background after it starts: measured after.
  const warmedUp = new Promise<void>((done) => {
    const check = () => {
      const warm = printed.match(/Warmed up:.*/)?.[0];
      if (warm === undefined) return;
      child.stdout?.off("data", check);
      console.log(`  ${warm}`);
      done();
    };
    check();
    child.stdout?.on("data", check);
  });
  return {
    url,
    warmedUp,
    process: child,
    async close() {
      child.kill("SIGINT"); // the CLI closes the store and exits (and writes its CPU profile)
      await exited;
    },
  };
}

/** `count` service processes, once each has warmed up. */
export async function startWarmedUp(count: number, start: () => ReturnType<typeof startServiceProcess>) {
  const services = await Promise.all(Array.from({ length: count }, start));
  await Promise.all(services.map((service) => service.warmedUp));
  return services;
}

/** Resident memory of a process in MiB, from /proc (Linux); undefined elsewhere. */
export function residentMb(pid: number | undefined): number | undefined {
  try {
    const kb = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m)?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}

/** One POST /v1/links of `links` with `prompt` to the service at `serviceUrl`; answers how many it analyzed. */
export async function postLinks(serviceUrl: string, links: string[], prompt: string): Promise<number> {
  const response = await fetch(`${serviceUrl}/v1/links`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": BENCH_KEY },
    body: JSON.stringify({ link: links, prompt }),
  });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`analyze answered ${response.status}: ${body}`);
  return (JSON.parse(body) as { results: unknown[] }).results.length;
}
