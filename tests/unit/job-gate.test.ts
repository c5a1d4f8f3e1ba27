/**
 * The job gate: a job of more distinct https links than one request holds waits, in `storage.session`,
 * for the user's answer on the confirm page; nothing is queued (so nothing is sent) before a yes, a no
 * or a closed window queues nothing, and the question outlives the worker that asked it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBrowser } from "wxt/testing/fake-browser";
import {
  CONFIRM_ABOVE_LINKS,
  createJobGate,
  type JobGateDeps,
  type JobToQueue,
  setupJobGate,
} from "../../entrypoints/background/job-gate";
import { ApiError } from "../../lib/api/errors";

const WINDOW_ID = 41;

function links(count: number, host = "many.example"): string[] {
  return Array.from({ length: count }, (_, index) => `https://${host}/page/${index}`);
}

function job(found: string[], fields: Partial<JobToQueue["request"]> = {}): JobToQueue {
  return {
    request: { links: found, prompt: "Summarize.", temperature: 0, ...fields },
    source: "context-selection",
    presetName: "Summary",
  };
}

const SCHEMA_FORMAT = { type: "json_schema", json_schema: { schema: { type: "object" } } } as const;

function gateDeps() {
  let jobs = 0;
  let confirmations = 0;
  return {
    enqueue: vi.fn<JobGateDeps["enqueue"]>(async () => `job-${++jobs}`),
    onJobStarted: vi.fn<(jobId: string) => void>(),
    openConfirmPage: vi.fn<Required<JobGateDeps>["openConfirmPage"]>(async () => WINDOW_ID),
    newId: () => `confirm-${++confirmations}`,
  };
}

async function pendingInSession(): Promise<Record<string, unknown>> {
  const stored = await fakeBrowser.storage.session.get("pendingJobs");
  return (stored.pendingJobs ?? {}) as Record<string, unknown>;
}

async function expectGone(promise: Promise<unknown>): Promise<void> {
  await expect(promise).rejects.toSatisfy(
    (error) => error instanceof ApiError && error.code === "confirmation_gone",
  );
}

beforeEach(() => {
  fakeBrowser.reset();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("the job gate", () => {
  it("queues a job of up to one request's worth of links at once", async () => {
    const deps = gateDeps();
    const gate = createJobGate(deps);

    expect(await gate.queue(job(links(CONFIRM_ABOVE_LINKS)))).toEqual({ jobId: "job-1" });

    expect(deps.enqueue).toHaveBeenCalledWith(
      job(links(20)).request,
      "context-selection",
      undefined,
      "Summary",
    );
    expect(deps.onJobStarted).toHaveBeenCalledWith("job-1");
    expect(deps.openConfirmPage).not.toHaveBeenCalled();
  });

  it("asks about a bigger one: how many links, how many requests, the worst-case credits", async () => {
    const deps = gateDeps();
    const gate = createJobGate(deps);
    const found = [...links(2500), "http://plain.example/a", "https://many.example/page/3#top", "mailto:x"];

    const outcome = await gate.queue(job(found));

    expect(outcome).toEqual({ confirmationId: "confirm-1" });
    expect(deps.enqueue).not.toHaveBeenCalled();
    expect(deps.openConfirmPage).toHaveBeenCalledWith(
      "chrome-extension://test-extension-id/confirm.html?id=confirm-1",
    );
    expect(await gate.describe("confirm-1")).toEqual({
      confirmationId: "confirm-1",
      source: "context-selection",
      presetName: "Summary",
      links: 2500,
      skipped: 3,
      requests: 125,
      creditsPerLink: 1,
      worstCaseCredits: 2500,
    });

    await gate.queue(job(links(21), { responseFormat: SCHEMA_FORMAT }));
    expect(await gate.describe("confirm-2")).toMatchObject({
      links: 21,
      requests: 2,
      creditsPerLink: 2,
      worstCaseCredits: 42,
    });
  });

  it("a yes queues the job as it was asked, once: a second yes queues nothing", async () => {
    const deps = gateDeps();
    const gate = createJobGate(deps);
    const asked = { ...job(links(30)), tabUrl: "https://list.example/" };
    await gate.queue(asked);

    const answers = await Promise.allSettled([
      gate.answer("confirm-1", true),
      gate.answer("confirm-1", true),
    ]);

    expect(answers.filter((answer) => answer.status === "fulfilled")).toEqual([
      { status: "fulfilled", value: { jobId: "job-1" } },
    ]);
    const refused = answers.find((answer) => answer.status === "rejected");
    expect(refused?.reason).toMatchObject({ code: "confirmation_gone" });
    expect(deps.enqueue).toHaveBeenCalledTimes(1);
    expect(deps.enqueue).toHaveBeenCalledWith(
      asked.request,
      "context-selection",
      "https://list.example/",
      asked.presetName,
    );
    expect(deps.onJobStarted).toHaveBeenCalledWith("job-1");
    expect(await pendingInSession()).toEqual({});
  });

  it("a no queues nothing and drops the question", async () => {
    const deps = gateDeps();
    const gate = createJobGate(deps);
    await gate.queue(job(links(500)));

    expect(await gate.answer("confirm-1", false)).toEqual({ jobId: null });

    expect(deps.enqueue).not.toHaveBeenCalled();
    await expectGone(gate.describe("confirm-1"));
    await expectGone(gate.answer("confirm-1", true));
    expect(await gate.answer("confirm-1", false)).toEqual({ jobId: null });
    expect(deps.enqueue).not.toHaveBeenCalled();
  });

  it("the question outlives the worker that asked it (storage.session, not memory)", async () => {
    await createJobGate(gateDeps()).queue(job(links(40)));

    // A new worker: new gate, new runner, the same session storage.
    const restarted = gateDeps();
    const gate = createJobGate(restarted);
    expect(await gate.describe("confirm-1")).toMatchObject({ links: 40 });
    expect(await gate.answer("confirm-1", true)).toEqual({ jobId: "job-1" });
    expect(restarted.enqueue).toHaveBeenCalledWith(
      job(links(40)).request,
      "context-selection",
      undefined,
      "Summary",
    );
  });

  it("closing the confirm window answers no; other windows closing change nothing", async () => {
    const deps = gateDeps();
    const gate = setupJobGate(deps);
    await gate.queue(job(links(25)));

    await fakeBrowser.windows.onRemoved.trigger(WINDOW_ID + 1);
    expect(await gate.describe("confirm-1")).toMatchObject({ links: 25 });

    await fakeBrowser.windows.onRemoved.trigger(WINDOW_ID);
    await vi.waitFor(async () => expect(await pendingInSession()).toEqual({}));
    await expectGone(gate.answer("confirm-1", true));
    expect(deps.enqueue).not.toHaveBeenCalled();
  });

  it("keeps the question open when queueing after a yes fails, so the user can say yes again", async () => {
    const deps = gateDeps();
    deps.enqueue.mockRejectedValueOnce(new Error("database closed"));
    const gate = createJobGate(deps);
    await gate.queue(job(links(25)));

    await expect(gate.answer("confirm-1", true)).rejects.toThrow("database closed");
    expect(await gate.describe("confirm-1")).toMatchObject({ links: 25 });
    expect(await gate.answer("confirm-1", true)).toEqual({ jobId: "job-1" });
  });

  it("leaves no question behind when the confirm page cannot be shown", async () => {
    const deps = gateDeps();
    deps.openConfirmPage.mockRejectedValueOnce(new Error("no window"));
    const gate = createJobGate(deps);

    await expect(gate.queue(job(links(25)))).rejects.toThrow("no window");

    expect(await pendingInSession()).toEqual({});
    expect(deps.enqueue).not.toHaveBeenCalled();
  });
});
