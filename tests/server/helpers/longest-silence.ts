/**
 * Runs `work` while sending `probe` over and over (each probe asserts its own answers), and returns how many
 * probes the service answered while the work still ran, and the longest time it went without answering (a
 * figure for the benches: on a busy machine it says as much about the machine as about the service). The
 * test service runs in the test's process, so work that held its event loop would leave no probe answered
 * before it ended.
 */
export async function longestSilence<T>(
  work: () => Promise<T>,
  probe: () => Promise<unknown>,
): Promise<{ result: T; silenceMs: number; answeredMeanwhile: number }> {
  let done = false;
  const running = work().finally(() => {
    done = true;
  });
  let last = performance.now();
  let silenceMs = 0;
  let answeredMeanwhile = 0;
  for (let probes = 0; !done || probes < 3; probes++) {
    await probe();
    if (!done) answeredMeanwhile++;
    const now = performance.now();
    silenceMs = Math.max(silenceMs, now - last);
    last = now;
    // Paces the probes (it waits for no state): back to back, they would be most of the service's load.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { result: await running, silenceMs, answeredMeanwhile };
}
