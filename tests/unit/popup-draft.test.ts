import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBrowser } from "wxt/testing/fake-browser";
import {
  coerceDraft,
  createDraftSaver,
  DRAFT_SAVE_DELAY_MS,
  initialDraft,
  loadDraft,
  MAX_RECENT_PROMPTS,
  POPUP_DRAFT_KEY,
  type PopupDraft,
  storeDraft,
  withRecentPrompt,
} from "../../lib/analyze/popup-draft";

const fallback = initialDraft({ defaultPrompt: "Summarize", defaultTemperature: 0.3 });

function draft(overrides: Partial<PopupDraft> = {}): PopupDraft {
  return {
    prompt: "What does it say about trams?",
    temperature: "0.7",
    structured: true,
    schemaText: '{"type":"object"}',
    metadataRows: [{ id: "r1", key: "project", type: "string", value: "alpha" }],
    presetId: "builtin-summary",
    recentPrompts: ["older prompt"],
    job: { id: "job_1", tabUrl: "https://example.com/a" },
    ...overrides,
  };
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe("initialDraft", () => {
  it("starts from the settings' defaults", () => {
    expect(fallback).toEqual({
      prompt: "Summarize",
      temperature: "0.3",
      structured: false,
      schemaText: "",
      metadataRows: [],
      recentPrompts: [],
    });
  });
});

describe("coerceDraft", () => {
  it("keeps a valid stored draft as it is", () => {
    expect(coerceDraft(draft(), fallback)).toEqual(draft());
  });

  it("replaces only the fields that are not valid", () => {
    const stored = {
      prompt: 42,
      temperature: "1.5",
      structured: "yes",
      schemaText: "{",
      metadataRows: [{ id: "r1", key: "k", type: "string", value: "v" }, { id: "bad" }],
      recentPrompts: ["a", 3, "", "b"],
      job: { id: "job_1" },
    };
    expect(coerceDraft(stored, fallback)).toEqual({
      prompt: "Summarize",
      temperature: "1.5",
      structured: false,
      schemaText: "{",
      metadataRows: [{ id: "r1", key: "k", type: "string", value: "v" }],
      recentPrompts: ["a", "b"],
    });
  });

  it("falls back entirely for values that are not drafts", () => {
    expect(coerceDraft(null, fallback)).toBe(fallback);
    expect(coerceDraft("draft", fallback)).toBe(fallback);
    expect(coerceDraft([draft()], fallback)).toBe(fallback);
  });
});

describe("withRecentPrompt", () => {
  it("puts the prompt first, without duplicates, keeping at most five", () => {
    let recent: string[] = [];
    for (const prompt of ["one", "two", "three", "four", "five", "six"])
      recent = withRecentPrompt(recent, prompt);
    expect(recent).toEqual(["six", "five", "four", "three", "two"]);
    expect(recent).toHaveLength(MAX_RECENT_PROMPTS);
    expect(withRecentPrompt(recent, "  three ")).toEqual(["three", "six", "five", "four", "two"]);
    expect(withRecentPrompt(recent, "   ")).toEqual(recent);
  });
});

describe("storage", () => {
  it("stores the draft in storage.local under popupDraft and loads it back", async () => {
    await storeDraft(draft());
    expect(await fakeBrowser.storage.local.get(POPUP_DRAFT_KEY)).toEqual({ [POPUP_DRAFT_KEY]: draft() });
    expect(await loadDraft(fallback)).toEqual(draft());
  });

  it("loads the defaults when nothing is stored", async () => {
    expect(await loadDraft(fallback)).toEqual(fallback);
  });
});

describe("createDraftSaver", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("writes once per pause, the latest draft", async () => {
    const write = vi.fn(async (_: PopupDraft) => {});
    const saver = createDraftSaver(write);
    saver.save(draft({ prompt: "a" }));
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS - 50);
    saver.save(draft({ prompt: "ab" }));
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS - 50);
    expect(write).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(50);
    expect(write).toHaveBeenCalledTimes(1);
    expect(write).toHaveBeenCalledWith(draft({ prompt: "ab" }));
  });

  it("flushes the waiting draft at once, and nothing when none waits", async () => {
    const write = vi.fn(async (_: PopupDraft) => {});
    const saver = createDraftSaver(write);
    saver.save(draft({ prompt: "closing" }));
    await saver.flush();
    expect(write).toHaveBeenCalledWith(draft({ prompt: "closing" }));
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS * 2);
    await saver.flush();
    expect(write).toHaveBeenCalledTimes(1);
  });

  it("drops the waiting draft when cancelled, and survives a failed write", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const write = vi.fn(async (_: PopupDraft) => {
      throw new Error("quota");
    });
    const saver = createDraftSaver(write);
    saver.save(draft());
    saver.cancel();
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS);
    expect(write).not.toHaveBeenCalled();
    saver.save(draft());
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS);
    expect(write).toHaveBeenCalledTimes(1);
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });

  it("saves to storage.local by default", async () => {
    const saver = createDraftSaver();
    saver.save(draft({ prompt: "stored" }));
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS);
    expect((await loadDraft(fallback)).prompt).toBe("stored");
  });
});
