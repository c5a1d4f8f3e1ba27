// @vitest-environment jsdom
/**
 * The one draft hook, mounted in a page: restored when it opens, saved after a pause in typing, written at
 * once when the page hides or the component goes, and the stores of the popup and the side panel's edit.
 */
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBrowser } from "wxt/testing/fake-browser";
import { usePopupDraft } from "../../components/popup/use-popup-draft";
import { type DraftState, useDraft } from "../../components/use-draft";
import { DRAFT_SAVE_DELAY_MS } from "../../lib/analyze/popup-draft";
import { type DraftStore, draftStore } from "../../lib/editing/draft-saver";
import { mountPage, render, unmountPage } from "./helpers/react-page";

const DELAY = 100;

const textStore = (key: string) =>
  draftStore<string>({
    key,
    delayMs: DELAY,
    name: "the test draft",
    coerce: (raw) => (typeof raw === "string" ? raw : undefined),
  });

const stored = async (key: string) => (await fakeBrowser.storage.local.get(key))[key];

beforeEach(() => {
  fakeBrowser.reset();
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  mountPage();
});

afterEach(async () => {
  await unmountPage();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

let draftState: DraftState<string> | undefined;
function DraftProbe({ of }: { of: DraftStore<string> }) {
  draftState = useDraft(of);
  return null;
}

/** Mounts `useDraft(store)`; `latest()` is what it returned at the last render. */
async function mountDraft(store: DraftStore<string>) {
  await render(DraftProbe, { of: store });
  const latest = () => draftState as DraftState<string>;
  const rerender = (next: DraftStore<string>) => render(DraftProbe, { of: next });
  return { latest, rerender };
}

type Defaults = { defaultPrompt: string; defaultTemperature: number };
let popupState: ReturnType<typeof usePopupDraft> | undefined;
function PopupProbe({ settings }: { settings: Defaults | undefined }) {
  popupState = usePopupDraft(settings);
  return null;
}

const wait = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

describe("useDraft", () => {
  it("restores the stored draft when the page opens", async () => {
    await fakeBrowser.storage.local.set({ "testDraft:a": "typed before closing" });
    const { latest } = await mountDraft(textStore("testDraft:a"));
    expect(latest()).toMatchObject({ loaded: true, draft: "typed before closing", restored: true });
  });

  it("has no draft when none is stored, and keeps a started one at once", async () => {
    const { latest } = await mountDraft(textStore("testDraft:a"));
    expect(latest()).toMatchObject({ loaded: true, draft: undefined, restored: false });
    await act(async () => latest().start("new"));
    expect(latest()).toMatchObject({ draft: "new", restored: false });
    expect(await stored("testDraft:a")).toBe("new");
  });

  it("saves a change after a pause in typing, once, the latest", async () => {
    await fakeBrowser.storage.local.set({ "testDraft:a": "" });
    const { latest } = await mountDraft(textStore("testDraft:a"));
    await act(async () => latest().change("a"));
    await act(async () => latest().change((current) => `${current}b`));
    expect(latest().draft).toBe("ab");
    await wait(DELAY - 1);
    expect(await stored("testDraft:a")).toBe("");
    await wait(1);
    expect(await stored("testDraft:a")).toBe("ab");
  });

  it("writes a waiting change at once when the page is hidden or closed", async () => {
    await fakeBrowser.storage.local.set({ "testDraft:a": "" });
    const { latest } = await mountDraft(textStore("testDraft:a"));
    await act(async () => latest().change("hidden"));
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    await act(async () => void document.dispatchEvent(new Event("visibilitychange")));
    expect(await stored("testDraft:a")).toBe("hidden");
    Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });

    await act(async () => latest().change("closed"));
    await act(async () => void window.dispatchEvent(new Event("pagehide")));
    expect(await stored("testDraft:a")).toBe("closed");
  });

  it("writes a waiting change when it unmounts", async () => {
    await fakeBrowser.storage.local.set({ "testDraft:a": "" });
    const { latest } = await mountDraft(textStore("testDraft:a"));
    await act(async () => latest().change("leaving"));
    await unmountPage();
    expect(await stored("testDraft:a")).toBe("leaving");
    mountPage();
  });

  it("another key reads another draft, and the former one's waiting change goes under its own key", async () => {
    await fakeBrowser.storage.local.set({ "testDraft:a": "first", "testDraft:b": "second" });
    const { latest, rerender } = await mountDraft(textStore("testDraft:a"));
    await act(async () => latest().change("first, edited"));
    await rerender(textStore("testDraft:b"));
    expect(latest()).toMatchObject({ draft: "second", restored: true });
    expect(await stored("testDraft:a")).toBe("first, edited");
    expect(await stored("testDraft:b")).toBe("second");
  });

  it("a new store object with the same key keeps what was typed", async () => {
    await fakeBrowser.storage.local.set({ "testDraft:a": "stored" });
    const { latest, rerender } = await mountDraft(textStore("testDraft:a"));
    await act(async () => latest().change("typed"));
    await rerender(textStore("testDraft:a"));
    expect(latest().draft).toBe("typed");
  });

  it("discard ends the draft and forgets the stored one, and no waiting change comes back", async () => {
    await fakeBrowser.storage.local.set({ "testDraft:a": "stored" });
    const { latest } = await mountDraft(textStore("testDraft:a"));
    await act(async () => latest().change("typed"));
    await act(async () => latest().discard());
    expect(latest()).toMatchObject({ draft: undefined, restored: false });
    await wait(DELAY * 2);
    expect(await stored("testDraft:a")).toBeUndefined();
  });
});

describe("usePopupDraft", () => {
  const defaults = { defaultPrompt: "Summarize", defaultTemperature: 0.3 };

  async function mountPopupDraft(initial: Defaults | undefined) {
    await render(PopupProbe, { settings: initial });
    return {
      latest: () => popupState as ReturnType<typeof usePopupDraft>,
      rerender: (settings: Defaults | undefined) => render(PopupProbe, { settings }),
    };
  }

  it("waits for the defaults, restores the stored draft under popupDraft, and keeps it when they change", async () => {
    await fakeBrowser.storage.local.set({ popupDraft: { prompt: "What about trams?", temperature: "1" } });
    const { latest, rerender } = await mountPopupDraft(undefined);
    expect(latest()[0]).toBeUndefined();
    await rerender(defaults);
    expect(latest()[0]).toMatchObject({ prompt: "What about trams?", temperature: "1", metadataRows: [] });
    await rerender({ defaultPrompt: "Another default", defaultTemperature: 1.5 });
    expect(latest()[0]?.prompt).toBe("What about trams?");
  });

  it("starts from the defaults when the stored draft cannot be read", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(fakeBrowser.storage.local, "get").mockRejectedValue(new Error("storage unavailable"));
    const { latest } = await mountPopupDraft(defaults);
    expect(latest()[0]).toMatchObject({ prompt: "Summarize", temperature: "0.3" });
    expect(errors).toHaveBeenCalledWith("[linklens] could not read the popup draft", expect.any(Error));
  });

  it("starts from the defaults, and saves a change under popupDraft after DRAFT_SAVE_DELAY_MS", async () => {
    const { latest } = await mountPopupDraft(defaults);
    expect(latest()[0]).toMatchObject({ prompt: "Summarize", temperature: "0.3" });
    await act(async () => latest()[1]((draft) => ({ ...draft, prompt: "Typed" })));
    await wait(DRAFT_SAVE_DELAY_MS);
    expect(await stored("popupDraft")).toMatchObject({ prompt: "Typed", temperature: "0.3" });
  });
});
