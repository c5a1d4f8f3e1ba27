import { beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing/fake-browser";
import {
  coerceDraft,
  DRAFT_SAVE_DELAY_MS,
  initialDraft,
  MAX_RECENT_PROMPTS,
  POPUP_DRAFT_KEY,
  type PopupDraft,
  popupDraftStore,
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

describe("popupDraftStore", () => {
  const store = popupDraftStore(fallback);

  it("stores the draft in storage.local under popupDraft and loads it back", async () => {
    await store.store(draft());
    expect(await fakeBrowser.storage.local.get(POPUP_DRAFT_KEY)).toEqual({ [POPUP_DRAFT_KEY]: draft() });
    expect(await store.load()).toEqual(draft());
  });

  it("restores a draft an earlier version stored (same key, same shape)", async () => {
    await fakeBrowser.storage.local.set({
      popupDraft: {
        prompt: "Kept",
        temperature: "1",
        structured: false,
        schemaText: "",
        metadataRows: [{ id: "r1", key: "team", type: "string", value: "blue" }],
        recentPrompts: ["Kept"],
        job: { id: "job_9", tabUrl: "https://example.com/" },
      },
    });
    expect(await store.load()).toMatchObject({
      prompt: "Kept",
      metadataRows: [{ key: "team", value: "blue" }],
      job: { id: "job_9" },
    });
  });

  it("loads the defaults when nothing is stored", async () => {
    expect(await store.load()).toEqual(fallback);
  });

  it("is kept under popupDraft, saved DRAFT_SAVE_DELAY_MS after typing stops", () => {
    expect(store).toMatchObject({ key: POPUP_DRAFT_KEY, delayMs: DRAFT_SAVE_DELAY_MS });
  });
});
