/**
 * Runs `work` while sending `probe` over and over (each probe asserts its own answers), and returns the
 * longest time the service went without answering. The test service runs in the test's process, so a
 * blocked event loop shows as a gap between answers, whenever the probe was sent.
 */
export async function longestSilence<T>(
  work: () => Promise<T>,
  probe: () => Promise<unknown>,
): Promise<{ result: T; silenceMs: number }> {
  let done = false;
  const running = work().finally(() => {
    done = true;
  });
  let last = performance.now();
  let silenceMs = 0;
  for (let probes = 0; !done || probes < 3; probes++) {
    await probe();
    const now = performance.now();
    silenceMs = Math.max(silenceMs, now - last);
    last = now;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { result: await running, silenceMs };
}
