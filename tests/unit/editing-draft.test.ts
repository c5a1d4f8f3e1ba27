import { beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing/fake-browser";
import {
  coerceEditDraft,
  draftFromValues,
  EDIT_DRAFT_PREFIX,
  EDIT_DRAFT_SAVE_DELAY_MS,
  type EditDraft,
  editDraftStore,
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

describe("editDraftStore", () => {
  it("keeps drafts in storage.local per analysis, under editDraft:<id>, and clears them", async () => {
    await editDraftStore("ana_1").store(draft());
    await editDraftStore("ana_2").store(draft({ analysisId: "ana_2", textContent: "other" }));
    const raw = await fakeBrowser.storage.local.get(`${EDIT_DRAFT_PREFIX}ana_1`);
    expect(raw[`${EDIT_DRAFT_PREFIX}ana_1`]).toMatchObject({ textContent: "# Trams\nThey run on time." });
    expect(await editDraftStore("ana_1").load()).toEqual(draft());
    expect((await editDraftStore("ana_2").load())?.textContent).toBe("other");
    await editDraftStore("ana_1").clear();
    expect(await editDraftStore("ana_1").load()).toBeUndefined();
    expect(await editDraftStore("ana_2").load()).toBeDefined();
  });

  it("restores a draft an earlier version stored (same key, same shape)", async () => {
    await fakeBrowser.storage.local.set({ "editDraft:ana_1": JSON.parse(JSON.stringify(draft())) });
    expect(await editDraftStore("ana_1").load()).toEqual(draft());
  });

  it("an unreadable stored value gives no draft", async () => {
    await fakeBrowser.storage.local.set({ [`${EDIT_DRAFT_PREFIX}ana_1`]: "garbage" });
    expect(await editDraftStore("ana_1").load()).toBeUndefined();
  });

  it("is kept under editDraft:<id>, saved EDIT_DRAFT_SAVE_DELAY_MS after typing stops", () => {
    expect(editDraftStore("ana_1")).toMatchObject({
      key: `${EDIT_DRAFT_PREFIX}ana_1`,
      delayMs: EDIT_DRAFT_SAVE_DELAY_MS,
    });
  });
});
