import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBrowser } from "wxt/testing/fake-browser";
import { createDraftSaver, draftStore, type Page, whenPageHides } from "../../lib/editing/draft-saver";

const DELAY = 200;

function recorder(fail = () => false) {
  const written: string[] = [];
  return {
    written,
    store: {
      delayMs: DELAY,
      name: "the test draft",
      store: async (draft: string) => {
        if (fail()) throw new Error("quota exceeded");
        written.push(draft);
      },
    },
  };
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe("createDraftSaver", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("writes once per pause in typing, the latest draft", async () => {
    const { written, store } = recorder();
    const saver = createDraftSaver(store);
    saver.save("a");
    await vi.advanceTimersByTimeAsync(DELAY - 50);
    saver.save("ab");
    await vi.advanceTimersByTimeAsync(DELAY - 50);
    expect(written).toEqual([]);
    await vi.advanceTimersByTimeAsync(50);
    expect(written).toEqual(["ab"]);
    await vi.advanceTimersByTimeAsync(DELAY * 3);
    expect(written).toEqual(["ab"]);
  });

  it("flush writes the waiting draft at once, and nothing when none waits", async () => {
    const { written, store } = recorder();
    const saver = createDraftSaver(store);
    saver.save("closing");
    await saver.flush();
    expect(written).toEqual(["closing"]);
    await vi.advanceTimersByTimeAsync(DELAY * 2);
    await saver.flush();
    expect(written).toEqual(["closing"]);
  });

  it("cancel forgets the waiting draft", async () => {
    const { written, store } = recorder();
    const saver = createDraftSaver(store);
    saver.save("sent meanwhile");
    saver.cancel();
    await vi.advanceTimersByTimeAsync(DELAY * 2);
    await saver.flush();
    expect(written).toEqual([]);
  });

  it("a failed write is logged with the draft's name, not thrown, and the next save still writes", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    let fail = true;
    const { written, store } = recorder(() => fail);
    const saver = createDraftSaver(store);
    saver.save("first");
    await saver.flush();
    expect(errors).toHaveBeenCalledWith("[linklens] could not save the test draft", expect.any(Error));
    fail = false;
    saver.save("second");
    await vi.advanceTimersByTimeAsync(DELAY);
    expect(written).toEqual(["second"]);
    errors.mockRestore();
  });
});

describe("whenPageHides", () => {
  function fakePage() {
    const document = Object.assign(new EventTarget(), {
      visibilityState: "visible" as DocumentVisibilityState,
    });
    return { window: new EventTarget(), document } satisfies Page;
  }

  it("calls back when the page is hidden or closed, until told to stop", () => {
    const page = fakePage();
    const onHide = vi.fn();
    const stop = whenPageHides(onHide, page);
    page.document.dispatchEvent(new Event("visibilitychange"));
    expect(onHide).not.toHaveBeenCalled();
    page.document.visibilityState = "hidden";
    page.document.dispatchEvent(new Event("visibilitychange"));
    expect(onHide).toHaveBeenCalledTimes(1);
    page.window.dispatchEvent(new Event("pagehide"));
    expect(onHide).toHaveBeenCalledTimes(2);
    stop();
    page.window.dispatchEvent(new Event("pagehide"));
    page.document.dispatchEvent(new Event("visibilitychange"));
    expect(onHide).toHaveBeenCalledTimes(2);
  });

  it("with the saver, a hidden page writes what waits at once", async () => {
    vi.useFakeTimers();
    try {
      const page = fakePage();
      const { written, store } = recorder();
      const saver = createDraftSaver(store);
      whenPageHides(() => void saver.flush(), page);
      saver.save("typed just before closing");
      page.window.dispatchEvent(new Event("pagehide"));
      await vi.advanceTimersByTimeAsync(0);
      expect(written).toEqual(["typed just before closing"]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("draftStore", () => {
  const store = draftStore({
    key: "testDraft:1",
    delayMs: DELAY,
    name: "the test draft",
    coerce: (raw) => (typeof raw === "string" ? raw : undefined),
  });

  it("keeps the draft in storage.local under its key, reads it back through coerce, and clears it", async () => {
    expect(await store.load()).toBeUndefined();
    await store.store("typed");
    expect(await fakeBrowser.storage.local.get("testDraft:1")).toEqual({ "testDraft:1": "typed" });
    expect(await store.load()).toBe("typed");
    await fakeBrowser.storage.local.set({ "testDraft:1": 42 });
    expect(await store.load()).toBeUndefined();
    await store.clear();
    expect(await fakeBrowser.storage.local.get("testDraft:1")).toEqual({});
  });
});
