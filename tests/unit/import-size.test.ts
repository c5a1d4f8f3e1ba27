/**
 * Import refuses a file over the size limit before reading it: a clear notice naming the limit, no
 * read, no command to the worker, so nothing changes.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBrowser } from "wxt/testing/fake-browser";
import { actionErrorHeadline } from "../../components/library-actions/action-error-text";
import type { ActionNotice } from "../../components/library-actions/action-notice-state";
import { createLibraryActionRunners } from "../../components/library-actions/use-library-actions";
import { useEnglishMessages } from "./helpers/english-messages";

const MiB = 1024 * 1024;

/** A file of `size` bytes whose content is never there: reading it fails the test. */
function fileOfSize(name: string, size: number, text = "{}") {
  return { name, size, text: vi.fn(async () => text) } as unknown as File & {
    text: ReturnType<typeof vi.fn>;
  };
}

let notices: (ActionNotice | null)[];
const setNotice = (value: ActionNotice | null | ((previous: ActionNotice | null) => ActionNotice | null)) => {
  notices.push(typeof value === "function" ? value(notices.at(-1) ?? null) : value);
};

beforeEach(() => {
  fakeBrowser.reset();
  useEnglishMessages();
  notices = [];
});
afterEach(() => {
  vi.restoreAllMocks();
});

// The cap is 50 MiB: these two hold it from both sides (a file of 50 MiB is read, one byte more is not),
// where comparing MAX_IMPORT_FILE_BYTES with its own value could not fail.
describe("import file size", () => {
  it("refuses a larger file without reading it or asking the worker, and says the limit", async () => {
    const send = vi.spyOn(fakeBrowser.runtime, "sendMessage");
    const file = fileOfSize("huge-export.json", 50 * MiB + 1);

    await createLibraryActionRunners(setNotice).importFile(file);

    expect(file.text).not.toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();
    const last = notices.at(-1);
    expect(last).toMatchObject({ kind: "error", code: "file_too_large" });
    expect(last?.kind === "error" && last.message).toBe("huge-export.json is 50.0 MiB (52,428,801 bytes).");
    expect(actionErrorHeadline("file_too_large")).toBe(
      "This file is too large to import: Linklens imports files of up to 50 MiB. Nothing was imported.",
    );
  });

  it("reads a file at the limit", async () => {
    const file = fileOfSize("export.json", 50 * MiB, "not json");

    await createLibraryActionRunners(setNotice).importFile(file);

    expect(file.text).toHaveBeenCalledTimes(1);
    expect(notices.at(-1)).toMatchObject({ kind: "error", code: "not_json" });
  });
});
