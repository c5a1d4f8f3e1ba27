/** Stopping the extension's service worker the way Chromium does when it idles it out. */
import type { CDPSession, Page } from "@playwright/test";

interface WorkerVersion {
  versionId: string;
  scriptURL: string;
  runningStatus: string;
}

/**
 * Stops the worker of extension `extensionId` through the DevTools protocol of `page`, one of the
 * extension's own pages (the session sees the workers of the page's origin). Resolves once it is stopped.
 */
export async function stopExtensionWorker(page: Page, extensionId: string): Promise<void> {
  const session = await page.context().newCDPSession(page);
  try {
    const running = await runningVersion(session, extensionId);
    const stopped = waitForStatus(session, running.versionId, "stopped");
    await session.send("ServiceWorker.stopWorker", { versionId: running.versionId });
    await stopped;
  } finally {
    await session.detach();
  }
}

async function runningVersion(session: CDPSession, extensionId: string): Promise<WorkerVersion> {
  const found = new Promise<WorkerVersion>((resolve) => {
    session.on("ServiceWorker.workerVersionUpdated", ({ versions }) => {
      const version = (versions as WorkerVersion[]).find(
        (candidate) =>
          candidate.scriptURL.startsWith(`chrome-extension://${extensionId}/`) &&
          candidate.runningStatus === "running",
      );
      if (version) resolve(version);
    });
  });
  await session.send("ServiceWorker.enable");
  return withTimeout(found, 10_000, "the extension's worker is not running");
}

function waitForStatus(session: CDPSession, versionId: string, status: string): Promise<void> {
  const reached = new Promise<void>((resolve) => {
    session.on("ServiceWorker.workerVersionUpdated", ({ versions }) => {
      const version = (versions as WorkerVersion[]).find((candidate) => candidate.versionId === versionId);
      if (version?.runningStatus === status) resolve();
    });
  });
  return withTimeout(reached, 10_000, `the worker did not reach "${status}"`);
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
