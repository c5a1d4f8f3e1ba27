/** Saves an export from an extension page: a Blob behind an object URL, clicked through an `<a download>`. */
import type { ExportFile } from "./export-file";

/** Object URLs are revoked after the click has started the download (revoking at once can cancel it). */
const REVOKE_AFTER_MS = 60_000;

export function downloadFile(file: ExportFile, doc: Document = document): void {
  const url = URL.createObjectURL(new Blob([file.text], { type: file.mimeType }));
  const link = doc.createElement("a");
  link.href = url;
  link.download = file.filename;
  link.rel = "noopener";
  link.style.display = "none";
  doc.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
}
