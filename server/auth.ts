import { createHash, timingSafeEqual } from "node:crypto";
import { HttpError } from "./http/http-error";
import type { Store, Tenant } from "./store/types";

const hash = (key: string) => createHash("sha256").update(key, "utf8").digest();

/**
 * Resolves an `x-api-key` to its tenant. Only hashes of the configured keys are held; the presented
 * key's hash is compared with every one of them in constant time, so timing tells nothing.
 */
export function createAuthenticator(store: Store, keyHashes: string[]) {
  const known = keyHashes.map((hex) => ({ hex, bytes: Buffer.from(hex, "hex") }));

  return async function authenticate(apiKey: string | undefined): Promise<Tenant> {
    if (!apiKey) throw new HttpError(401, "the x-api-key header is missing");
    const presented = hash(apiKey);
    let match: string | null = null;
    for (const candidate of known) {
      if (timingSafeEqual(candidate.bytes, presented)) match = candidate.hex;
    }
    const tenant = match === null ? null : await store.findTenant(match);
    if (!tenant) throw new HttpError(401, "the API key is not valid");
    return tenant;
  };
}
