/**
 * The contract's limits, as numbers: the schemas (field-schemas.ts, contract.ts) state them, and the
 * worker's request splitting reads them.
 */

export const LIMITS = {
  maxLinks: 20,
  maxPromptLength: 10_000,
  minTemperature: 0,
  maxTemperature: 2,
  maxMetadataKeys: 32,
  maxMetadataKeyLength: 64,
  maxMetadataStringLength: 2_000,
  maxTextContentLength: 200_000,
  maxJsonContentBytes: 256 * 1024,
  maxPageSize: 100,
  defaultPageSize: 10,
  maxBodyBytes: 1024 * 1024,
  /** Nesting levels of any request body (the body itself is level 1). */
  maxJsonDepth: 64,
  /** Request line and headers together, in bytes. */
  maxHeaderBytes: 16 * 1024,
} as const;

/**
 * Links per analyze request, as learned per service origin: the seed leaves the maximum open, so a chunk a
 * service refuses as too large is split, and the largest size it then accepted is kept here.
 */
export interface LinkLimitStore {
  /** The learned limit for the service at `baseUrl`, or `undefined` when none was learned. */
  get(baseUrl: string): Promise<number | undefined>;
  learn(baseUrl: string, size: number): Promise<void>;
}

/** A store over any async key-value item holding `{ [origin]: size }` (storage.local in the extension). */
export function linkLimitStore(item: {
  getValue(): Promise<Record<string, number>>;
  setValue(value: Record<string, number>): Promise<void>;
}): LinkLimitStore {
  return {
    async get(baseUrl) {
      return (await item.getValue())[originOf(baseUrl)];
    },
    async learn(baseUrl, size) {
      const limits = await item.getValue();
      await item.setValue({ ...limits, [originOf(baseUrl)]: size });
    },
  };
}

/** The links of one request: at most `learned` when a limit was learned, else the contract's 20. */
export function linksPerRequest(learned: number | undefined): number {
  return Math.max(1, Math.min(learned ?? LIMITS.maxLinks, LIMITS.maxLinks));
}

/**
 * Whether a refusal of a request of `links` is about its size rather than one of its links: a 413, or a
 * 400/422 that names no single link (no `link.3`, `link[3]` or address of the chunk) but speaks of links or
 * a limit. A 422 with one detail per link is a per-link failure.
 */
export function refusedAsTooLarge(
  error: { status: number; message: string; details?: { path: string; message: string }[] },
  links: readonly string[],
): boolean {
  if (links.length < 2) return false;
  if (error.status === 413) return true;
  if (error.status !== 400 && error.status !== 422) return false;
  const details = error.details ?? [];
  if (error.status === 422 && details.length === links.length) return false;
  const text = [error.message, ...details.flatMap((detail) => [detail.path, detail.message])].join(" ");
  if (/\blinks?\s*(?:\.|\[)\s*\d/i.test(text) || links.some((link) => text.includes(link))) return false;
  return /\blinks?\b|too (?:many|large|long|big)|at most|maximum|\bmax\b|limit|exceed/i.test(text);
}

function originOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).origin;
  } catch {
    return baseUrl;
  }
}
