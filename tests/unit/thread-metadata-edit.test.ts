/** A follow-up's thread keys are never the user's rows, and an edit of the user's keys never drops them. */
import { describe, expect, it } from "vitest";
import { draftFromValues } from "../../lib/editing/edit-draft";
import { checkDraft } from "../../lib/editing/edit-patch";
import { QUESTION_KEY, THREAD_KEY } from "../../lib/thread/thread-metadata";

const metadata = { topic: "trams", [THREAD_KEY]: "ana_1", [QUESTION_KEY]: "Who paid for it?" };

describe("editing a follow-up's metadata", () => {
  it("shows only the user's keys as rows", () => {
    const draft = draftFromValues("ana_2", { metadata }, { updatedAt: "2026-01-01T00:00:00.000Z" });
    expect(draft.metadataRows.map((row) => row.key)).toEqual(["topic"]);
  });

  it("sends the thread's keys back unchanged with an edit of the user's keys, even with every row removed", () => {
    const draft = draftFromValues("ana_2", { metadata }, { updatedAt: "2026-01-01T00:00:00.000Z" });
    const renamed = { ...draft, metadataRows: draft.metadataRows.map((row) => ({ ...row, value: "buses" })) };
    expect(checkDraft(renamed, { metadata }, undefined)).toEqual({
      ok: true,
      changed: true,
      patch: { metadata: { topic: "buses", [THREAD_KEY]: "ana_1", [QUESTION_KEY]: "Who paid for it?" } },
    });
    expect(checkDraft({ ...draft, metadataRows: [] }, { metadata }, undefined)).toMatchObject({
      patch: { metadata: { [THREAD_KEY]: "ana_1", [QUESTION_KEY]: "Who paid for it?" } },
    });
    expect(checkDraft(draft, { metadata }, undefined)).toMatchObject({ ok: true, changed: false });
  });
});
