/**
 * Worker threads for the CPU-heavy part of analyzing a page (parse, extract, score, offline generation),
 * so that no page can hold the event loop. A job whose signal aborts (the link's deadline) is dropped
 * from the queue or, when running, its thread is terminated and replaced: a runaway page cannot keep a
 * thread. A thread that runs out of its heap fails only its own page.
 */
import { availableParallelism } from "node:os";
import { Piscina } from "piscina";
import type { PageJob, PageJobResult, SchemaCheck, SchemaCheckResult } from "./page-job";

export interface PagePoolOptions {
  /** Worker threads; default: the CPU count, at most 4 (2 on a 2-core machine). */
  threads?: number;
  /** Old-generation heap of each thread, in MiB. Default 160. */
  maxHeapMb?: number;
  log?: (line: string) => void;
}

export interface PagePool {
  /** Runs the job on a pool thread; rejects with the signal's reason when `signal` aborts first. */
  run(job: PageJob, signal: AbortSignal): Promise<PageJobResult>;
  /** Compiles a response schema on a pool thread (and validates `check.value` against it, when given). */
  checkSchema(check: SchemaCheck, signal?: AbortSignal): Promise<SchemaCheckResult>;
  /** Terminates the threads; jobs still queued or running are rejected. */
  close(): Promise<void>;
}

const DEFAULT_MAX_HEAP_MB = 160;
const MAX_DEFAULT_THREADS = 4;
const IDLE_THREAD_MS = 30_000;

/**
 * Threads start when pages arrive and end after `IDLE_THREAD_MS` without work, so an idle service holds
 * none (each costs about 100 MB). At start, one thread loads the worker and ends: a broken worker fails the
 * start, and the service starts idle (a thread kept warm held a Postgres process at 300 MiB instead of 200
 * for its first 30 s).
 */
export async function createPagePool(options: PagePoolOptions = {}): Promise<PagePool> {
  const threads = options.threads ?? Math.min(MAX_DEFAULT_THREADS, Math.max(1, availableParallelism()));
  const newPool = (maxThreads: number) =>
    new Piscina<PageJob | SchemaCheck, PageJobResult | SchemaCheckResult>({
      filename: new URL("./page-worker.mjs", import.meta.url).href,
      minThreads: 0,
      maxThreads,
      idleTimeout: IDLE_THREAD_MS,
      // The worker entry loads its TypeScript itself; inheriting the CLI's loader flags would load it twice.
      // A CPU profile asked of the process (node --cpu-prof, as bench:server does) is taken of each thread too.
      execArgv: process.execArgv.filter((flag) => flag.startsWith("--cpu-prof")),
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? DEFAULT_MAX_HEAP_MB },
    });
  const probe = newPool(1);
  try {
    await probe.run(undefined as never, { name: "warmUp" });
  } finally {
    await probe.destroy();
  }
  const pool = newPool(threads);
  // A thread that fails between jobs is replaced; unheard, the event would end the process.
  const log = options.log ?? ((line) => console.error(line));
  pool.on("error", (error: Error) => log(`page pool: a thread failed between jobs: ${error.message}`));

  return {
    async run(job, signal) {
      try {
        return (await pool.run(job, { signal })) as PageJobResult;
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        if ((error as { code?: unknown }).code === "ERR_WORKER_OUT_OF_MEMORY") {
          return {
            ok: false,
            failure: {
              code: "page_too_complex",
              message: `${job.page.url} needs more memory than one page may use`,
              upstream: false,
            },
          };
        }
        throw error;
      }
    },
    checkSchema(check, signal) {
      return pool.run(check, { name: "checkSchema", signal }) as Promise<SchemaCheckResult>;
    },
    async close() {
      await pool.destroy();
    },
  };
}
