/**
 * A loop that runs `pass` over and over while someone asked for it during the previous pass: the durable
 * queue (durable-queue.ts) calls `run()` on every change, and at most one pass runs at a time.
 */
export function createRerunningLoop(pass: () => Promise<void>, name: string) {
  let running: Promise<void> | undefined;
  let again = false;

  /** Starts the loop, or asks the running one for one more pass; settles when the loop stops. */
  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await pass();
        } while (again);
      } catch (error) {
        console.error(`linklens: ${name} failed`, error);
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  return {
    run,
    isRunning: (): boolean => running !== undefined,
    /** Settles when the loop has stopped. */
    whenIdle: (): Promise<void> => running ?? Promise.resolve(),
  };
}
