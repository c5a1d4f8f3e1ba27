import { createHash, timingSafeEqual } from "node:crypto";
import { HttpError } from "./http/http-error";

export interface KnownKey {
  /** sha256 hex of the key: the key itself is never held. */
  hash: string;
  tenantId: string;
}

const hash = (key: string) => createHash("sha256").update(key, "utf8").digest();

/**
 * Resolves an `x-api-key` to its tenant id. The presented key's hash is compared with every known hash
 * in constant time (no early exit), so timing tells nothing about which keys exist.
 */
export function createAuthenticator(keys: KnownKey[]) {
  const known = keys.map((key) => ({ bytes: Buffer.from(key.hash, "hex"), tenantId: key.tenantId }));

  return function authenticate(apiKey: string | undefined): string {
    if (!apiKey) throw new HttpError(401, "the x-api-key header is missing");
    const presented = hash(apiKey);
    let tenantId: string | null = null;
    for (const candidate of known) {
      if (timingSafeEqual(candidate.bytes, presented)) tenantId = candidate.tenantId;
    }
    if (tenantId === null) throw new HttpError(401, "the API key is not valid");
    return tenantId;
  };
}
