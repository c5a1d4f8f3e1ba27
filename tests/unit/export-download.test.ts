import { resolveObjectURL } from "node:buffer";
import { parseHTML } from "linkedom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { downloadFile } from "../../lib/export/download";
import { exportFile } from "../../lib/export/export-file";
import { cachedRow } from "./helpers/cached-rows";

afterEach(() => {
  vi.useRealTimers();
});

describe("downloadFile", () => {
  it("clicks a hidden <a download> to a Blob of the file, removes it, and revokes the URL later", async () => {
    vi.useFakeTimers();
    const { document } = parseHTML("<!doctype html><html><body></body></html>");
    const file = exportFile("json", [cachedRow()], { now: new Date(2026, 10, 23, 12).getTime() });
    const clicks: { href: string; download: string; inPage: boolean }[] = [];
    document.addEventListener("click", (event: Event) => {
      const link = event.target as HTMLAnchorElement;
      clicks.push({ href: link.href, download: link.download, inPage: document.body.contains(link) });
    });

    downloadFile(file, document as unknown as Document);

    expect(clicks).toHaveLength(1);
    const [click] = clicks;
    expect(click).toMatchObject({ download: "linklens-2026-11-23.json", inPage: true });
    const blob = resolveObjectURL(click?.href ?? "");
    expect(blob?.type).toBe("application/json;charset=utf-8");
    expect(await blob?.text()).toBe(file.text);
    expect(document.querySelectorAll("a")).toHaveLength(0);

    vi.advanceTimersByTime(60_000);
    expect(resolveObjectURL(click?.href ?? "")).toBeUndefined();
  });
});
