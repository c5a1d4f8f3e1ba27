/**
 * A throwaway Postgres server for tests and benchmarks, from Debian's `postgresql` package: a fresh cluster
 * (`initdb`, trust auth, fsync off) in a temporary folder, listening on a free loopback port, with one empty
 * database. `stop()` shuts it down and removes the folder.
 *
 * The server runs under a small shell watchdog whose stdin is a pipe from this process: when this process
 * ends in any way (even SIGKILL), the pipe closes, and the watchdog stops the server and removes its folder,
 * so a crashed test leaves nothing running. As root, everything runs as the `postgres` user, as Postgres
 * refuses to run as root.
 */
import { execFileSync, spawn } from "node:child_process";
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll } from "vitest";

export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:PORT/linklens`: an empty database, trust auth. */
  url: string;
  /** The cluster's folder (data and socket), removed by `stop()`. */
  dir: string;
  /** Creates another empty database on the same server and answers its URL. */
  createDatabase(name: string): Promise<string>;
  /** Shuts the server down (fast shutdown: open connections are closed) and removes its folder. */
  stop(): Promise<void>;
}

const PACKAGE_ROOT = "/usr/lib/postgresql";
const DATABASE = "linklens";
const USER = "postgres";
const START_TIMEOUT_MS = 30_000;

/** `/usr/lib/postgresql/<newest version>/bin`, or undefined when the `postgresql` package is not installed. */
export function findPostgresBin(): string | undefined {
  if (!existsSync(PACKAGE_ROOT)) return undefined;
  return readdirSync(PACKAGE_ROOT)
    .filter((version) => /^\d+(\.\d+)?$/.test(version))
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => join(PACKAGE_ROOT, version, "bin"))
    .find((bin) => existsSync(join(bin, "initdb")) && existsSync(join(bin, "postgres")));
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = findPostgresBin();
  if (!bin) {
    throw new Error(
      `no Postgres under ${PACKAGE_ROOT}/<version>/bin: install Debian's postgresql package (apt-get install postgresql)`,
    );
  }
  // A port found free may be taken before the server binds it: then start again on another.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startCluster(bin, await freePort());
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt >= 3) throw error;
    }
  }
}

async function startCluster(bin: string, port: number): Promise<PostgresCluster> {
  const asRoot = process.getuid?.() === 0;
  const root = mkdtempSync(join(tmpdir(), "linklens-pg-"));
  const data = join(root, "data");
  const sockets = join(root, "sockets");
  mkdirSync(sockets);
  if (asRoot) {
    const [uid, gid] = ["-u", "-g"].map((flag) =>
      Number(execFileSync("id", [flag, USER], { encoding: "utf8" })),
    );
    chownSync(root, uid as number, gid as number);
    chownSync(sockets, uid as number, gid as number);
  }
  /** The command line, run as the `postgres` user when this process is root. */
  const command = (file: string, args: string[]): [string, string[]] =>
    asRoot ? ["runuser", ["-u", USER, "--", file, ...args]] : [file, args];

  let server: { stop(): Promise<void> };
  try {
    execFileSync(
      ...command(join(bin, "initdb"), [
        "--pgdata",
        data,
        "--auth=trust",
        `--username=${USER}`,
        "--encoding=UTF8",
        "--locale=C",
        "--no-sync",
        "--no-instructions",
      ]),
      { cwd: root, stdio: ["ignore", "ignore", "pipe"] },
    );
    server = await startServer(command, bin, root, data, sockets, port);
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  const urlOf = (database: string) => `postgres://${USER}@127.0.0.1:${port}/${database}`;
  const createDatabase = async (name: string) => {
    const admin = postgres(urlOf("postgres"), { max: 1, onnotice: () => {} });
    try {
      await admin`CREATE DATABASE ${admin(name)}`;
    } finally {
      await admin.end();
    }
    return urlOf(name);
  };
  try {
    await createDatabase(DATABASE);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { url: urlOf(DATABASE), dir: root, createDatabase, stop: server.stop };
}

/** For a test file: a cluster started before its tests and stopped after them. */
export function postgresPerFile(): { url: string; cluster: PostgresCluster } {
  const context = {} as { url: string; cluster: PostgresCluster };
  beforeAll(async () => {
    context.cluster = await startPostgresCluster();
    context.url = context.cluster.url;
  });
  afterAll(async () => {
    await context.cluster?.stop();
  });
  return context;
}

class PortTakenError extends Error {}

/**
 * Runs `postgres` under the watchdog shell and resolves once it accepts connections. The watchdog waits on the
 * server; beside it, a reader of the pipe (fd 3, as a background job's stdin is /dev/null) asks the server for
 * a fast shutdown when the pipe closes; once the server is gone, the watchdog removes the cluster's folder.
 */
function startServer(
  command: (file: string, args: string[]) => [string, string[]],
  bin: string,
  root: string,
  data: string,
  sockets: string,
  port: number,
): Promise<{ stop(): Promise<void> }> {
  const settings = {
    listen_addresses: "127.0.0.1",
    port: String(port),
    unix_socket_directories: sockets,
    fsync: "off",
    synchronous_commit: "off",
    full_page_writes: "off",
    lc_messages: "C",
  };
  const postgresArgs = [
    "-D",
    data,
    ...Object.entries(settings).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
  ];
  const script = [
    'exec 3<&0; postgres="$1"; root="$2"; shift 2',
    '"$postgres" "$@" </dev/null 3<&- &',
    "server=$!",
    '( read -r _ <&3; kill -INT "$server" ) 2>/dev/null &',
    'wait "$server"; status=$?',
    'rm -rf "$root"',
    'exit "$status"',
  ].join("\n");
  const child = spawn(
    ...command("/bin/sh", ["-c", script, "postgres-watchdog", join(bin, "postgres"), root, ...postgresArgs]),
    {
      cwd: root,
      stdio: ["pipe", "ignore", "pipe"],
    },
  );
  const log: string[] = [];
  const exited = new Promise<number | null>((resolve) => {
    child.once("exit", resolve);
    child.once("error", () => resolve(null));
  });
  // While the server just runs, it does not keep this process alive: should the process end without
  // stopping it, the closing pipe stops it. Starting and stopping hold the process until they are done.
  const pipes = [child.stdin, child.stderr] as unknown as { ref(): void; unref(): void }[];
  const holdProcess = (hold: boolean) => {
    for (const handle of [child, ...pipes]) {
      if (hold) handle.ref();
      else handle.unref();
    }
  };

  return new Promise((resolve, reject) => {
    let ready = false;
    const timer = setTimeout(
      () => fail(new Error(`Postgres did not start in ${START_TIMEOUT_MS} ms:\n${tail()}`)),
      START_TIMEOUT_MS,
    );
    const tail = () => log.slice(-20).join("\n");
    const stop = async () => {
      holdProcess(true);
      child.stdin?.end();
      await exited;
      rmSync(root, { recursive: true, force: true });
    };
    const fail = (error: Error) => {
      clearTimeout(timer);
      void stop().then(() => reject(error));
    };
    let partial = "";
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      const lines = (partial + chunk).split("\n");
      partial = lines.pop() ?? "";
      log.push(...lines);
      if (log.length > 200) log.splice(0, log.length - 200);
      if (!ready && lines.some((line) => line.includes("ready to accept connections"))) {
        ready = true;
        clearTimeout(timer);
        holdProcess(false);
        resolve({ stop });
      }
    });
    child.once("error", fail);
    void exited.then((code) => {
      if (ready) return;
      const text = tail();
      fail(
        /could not bind|Address already in use/.test(text)
          ? new PortTakenError(text)
          : new Error(`Postgres exited (${code}) before accepting connections:\n${text}`),
      );
    });
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}
