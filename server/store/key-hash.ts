import { createHash } from "node:crypto";

/** The form an API key is stored and compared in: SHA-256 of its UTF-8 bytes, lower-case hex. */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}
