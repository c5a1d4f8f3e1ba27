import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "../..");

export interface ServiceProcess {
  url: string;
  port: number;
  /** The service's store: pass it (with `port`) to `startServiceProcess` to start the same service again. */
  dataDir: string;
  /** Stops the process and keeps its data. */
  stop(): Promise<void>;
  /** Kills the process as a crash would (SIGKILL: no shutdown of its own) and waits until it is gone. */
  kill(): Promise<void>;
  /** Stops the process and removes its data folder. */
  close(): Promise<void>;
}

export interface ServiceProcessOptions {
  apiKeys: string;
  args?: string[];
  /** An existing data folder (a stopped service's); a new temporary one when not given. */
  dataDir?: string;
  /** The port to listen on; a free one when not given. */
  port?: number;
  /** More environment, e.g. `DATABASE_URL` to run on a Postgres server instead of the data folder. */
  env?: Record<string, string>;
}

/**
 * Runs the reference service's CLI in its own process, from source (`npm run serve` runs the same CLI built:
 * tests/server/service.test.ts starts that one).
 */
export async function startServiceProcess(options: ServiceProcessOptions): Promise<ServiceProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "linklens-e2e-data-"));
  // tsx's loader in this very process (not the tsx command, which runs the service in a child of its own),
  // so that a signal sent to `child`, SIGKILL included, reaches the service itself.
  const child: ChildProcess = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      join(ROOT, "server/cli.ts"),
      "--port",
      String(options.port ?? 0),
      "--data",
      dataDir,
      ...(options.args ?? []),
    ],
    {
      cwd: ROOT, // where `--import tsx` is found
      env: { ...process.env, LINKLENS_API_KEYS: options.apiKeys, ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  const url = await new Promise<string>((resolveUrl, reject) => {
    child.stdout?.on("data", (chunk) => {
      output += chunk;
      const match = output.match(/Linklens service on (http:\/\/\S+)/);
      if (match) resolveUrl(match[1] as string);
    });
    child.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    child.once("exit", (code) => reject(new Error(`the service exited with ${code}: ${output}`)));
  });
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((done) => {
      child.once("exit", () => done());
      child.kill(signal);
    });
  };
  const stop = () => end("SIGTERM");
  return {
    url,
    port: Number(new URL(url).port),
    dataDir,
    stop,
    kill: () => end("SIGKILL"),
    async close() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
