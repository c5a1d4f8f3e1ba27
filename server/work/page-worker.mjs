// From source, the pool's threads compile the TypeScript job through tsx themselves: a worker thread
// inherits neither vitest's transform (tests run the service in-process) nor, reliably, the loader of
// `tsx server/cli.ts`. Built (scripts/build-service.ts defines LINKLENS_BUILT), the job is bundled in.
if (typeof LINKLENS_BUILT === "undefined") (await import("tsx/esm/api")).register();

// Every thread, a replacement for a terminated one too, gets ready before its first job arrives.
const job = import("./run-page-job.ts").then(async (module) => {
  await module.warmUpPageJob();
  return module;
});
// A thread that cannot load the job fails each job it is given, with this error; it must not crash.
job.catch(() => {});

export default async function runPageJob(task) {
  return (await job).runPageJob(task);
}

export async function checkSchema(task) {
  return (await job).checkSchema(task);
}

/** Resolves once the thread is ready (the pool waits for it at start). */
export async function warmUp() {
  await job;
}
