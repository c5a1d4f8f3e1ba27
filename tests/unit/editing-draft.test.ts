import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBrowser } from "wxt/testing/fake-browser";
import {
  clearEditDraft,
  coerceEditDraft,
  createEditDraftSaver,
  draftFromValues,
  EDIT_DRAFT_PREFIX,
  EDIT_DRAFT_SAVE_DELAY_MS,
  type EditDraft,
  loadEditDraft,
  storeEditDraft,
} from "../../lib/editing/edit-draft";

let ids = 0;
const newId = () => `row-${++ids}`;

function draft(overrides: Partial<EditDraft> = {}): EditDraft {
  return {
    analysisId: "ana_1",
    baseUpdatedAt: "2026-01-02T03:04:05.000Z",
    startedOnPending: false,
    textContent: "# Trams\nThey run on time.",
    jsonText: '{\n  "a": 1\n}',
    metadataRows: [{ id: "r1", key: "project", type: "string", value: "alpha" }],
    ...overrides,
  };
}

beforeEach(() => {
  fakeBrowser.reset();
  ids = 0;
});

describe("draftFromValues", () => {
  it("shows the record's values as they are edited: JSON pretty-printed, metadata as typed rows", () => {
    const made = draftFromValues(
      "ana_1",
      {
        textContent: "Hello",
        jsonContent: { a: [1, 2] },
        metadata: { project: "alpha", n: 2, ok: true, gone: null },
      },
      { updatedAt: "2026-01-02T03:04:05.000Z", pending: true },
      newId,
    );
    expect(made).toEqual({
      analysisId: "ana_1",
      baseUpdatedAt: "2026-01-02T03:04:05.000Z",
      startedOnPending: true,
      textContent: "Hello",
      jsonText: '{\n  "a": [\n    1,\n    2\n  ]\n}',
      metadataRows: [
        { id: "row-1", key: "project", type: "string", value: "alpha" },
        { id: "row-2", key: "n", type: "number", value: "2" },
        { id: "row-3", key: "ok", type: "boolean", value: "true" },
        { id: "row-4", key: "gone", type: "null", value: "" },
      ],
    });
  });

  it("leaves absent fields empty", () => {
    const made = draftFromValues("ana_1", {}, { updatedAt: "t" }, newId);
    expect(made).toMatchObject({ textContent: "", jsonText: "", metadataRows: [], startedOnPending: false });
  });
});

describe("coerceEditDraft", () => {
  it("keeps a stored draft of the same analysis, with its merge", () => {
    const stored = draft({ mergeSeq: 4 });
    expect(coerceEditDraft(JSON.parse(JSON.stringify(stored)), "ana_1")).toEqual(stored);
  });

  it("refuses another analysis's draft and malformed values", () => {
    expect(coerceEditDraft(draft(), "ana_2")).toBeUndefined();
    expect(coerceEditDraft({ ...draft(), textContent: 3 }, "ana_1")).toBeUndefined();
    expect(coerceEditDraft({ ...draft(), metadataRows: "x" }, "ana_1")).toBeUndefined();
    expect(coerceEditDraft(null, "ana_1")).toBeUndefined();
    expect(coerceEditDraft([], "ana_1")).toBeUndefined();
  });

  it("drops rows that are not rows and a merge seq that is not one", () => {
    const coerced = coerceEditDraft(
      {
        ...draft(),
        metadataRows: [{ id: "r1", key: "k", type: "string", value: "v" }, { key: 1 }],
        mergeSeq: -1,
      },
      "ana_1",
    );
    expect(coerced?.metadataRows).toEqual([{ id: "r1", key: "k", type: "string", value: "v" }]);
    expect(coerced?.mergeSeq).toBeUndefined();
  });
});

describe("stored drafts", () => {
  it("are kept in storage.local per analysis, and cleared", async () => {
    await storeEditDraft(draft());
    await storeEditDraft(draft({ analysisId: "ana_2", textContent: "other" }));
    const raw = await fakeBrowser.storage.local.get(`${EDIT_DRAFT_PREFIX}ana_1`);
    expect(raw[`${EDIT_DRAFT_PREFIX}ana_1`]).toMatchObject({ textContent: "# Trams\nThey run on time." });
    expect(await loadEditDraft("ana_1")).toEqual(draft());
    expect((await loadEditDraft("ana_2"))?.textContent).toBe("other");
    await clearEditDraft("ana_1");
    expect(await loadEditDraft("ana_1")).toBeUndefined();
    expect(await loadEditDraft("ana_2")).toBeDefined();
  });

  it("an unreadable stored value gives no draft", async () => {
    await fakeBrowser.storage.local.set({ [`${EDIT_DRAFT_PREFIX}ana_1`]: "garbage" });
    expect(await loadEditDraft("ana_1")).toBeUndefined();
  });
});

describe("createEditDraftSaver", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("writes once per pause in typing, the latest draft", async () => {
    const saver = createEditDraftSaver();
    saver.save(draft({ textContent: "a" }));
    saver.save(draft({ textContent: "ab" }));
    expect(await loadEditDraft("ana_1")).toBeUndefined();
    await vi.advanceTimersByTimeAsync(EDIT_DRAFT_SAVE_DELAY_MS);
    expect((await loadEditDraft("ana_1"))?.textContent).toBe("ab");
  });

  it("flush writes the waiting draft at once (the panel is closing)", async () => {
    const saver = createEditDraftSaver();
    saver.save(draft({ textContent: "typed just before closing" }));
    await saver.flush();
    expect((await loadEditDraft("ana_1"))?.textContent).toBe("typed just before closing");
  });

  it("cancel forgets the waiting draft (saved or cancelled meanwhile)", async () => {
    const saver = createEditDraftSaver();
    saver.save(draft());
    saver.cancel();
    await vi.advanceTimersByTimeAsync(EDIT_DRAFT_SAVE_DELAY_MS * 2);
    await saver.flush();
    expect(await loadEditDraft("ana_1")).toBeUndefined();
  });

  it("a failed write is logged, not thrown, and the next save still writes", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    let fail = true;
    const written: string[] = [];
    const saver = createEditDraftSaver(async (value) => {
      if (fail) throw new Error("quota exceeded");
      written.push(value.textContent);
    });
    saver.save(draft({ textContent: "first" }));
    await saver.flush();
    expect(errors).toHaveBeenCalled();
    fail = false;
    saver.save(draft({ textContent: "second" }));
    await saver.flush();
    expect(written).toEqual(["second"]);
    errors.mockRestore();
  });
});
