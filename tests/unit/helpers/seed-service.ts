/**
 * The seed-only mock (tests/fixtures/seed-service) for unit tests: the key it is started with, a client on
 * it, one mock per test, and link limits kept in memory for a job runner on it.
 */
import { afterEach, beforeEach } from "vitest";
import { type ApiClient, createApiClient } from "../../../lib/api/client";
import { type LinkLimitStore, linkLimitStore } from "../../../lib/api/limits";
import {
  type SeedService,
  type SeedServiceChoices,
  startSeedService,
} from "../../fixtures/seed-service/seed-service";

export const SEED_KEY = "seed_key";

/** Starts the mock with `choices`, accepting SEED_KEY. */
export function startSeedMock(choices: Partial<SeedServiceChoices> = {}): Promise<SeedService> {
  return startSeedService({ apiKeys: [SEED_KEY], ...choices });
}

/** A client of `seed` with SEED_KEY; no retries, so that a test sees every answer. */
export function seedClient(seed: SeedService): ApiClient {
  return createApiClient({ baseUrl: seed.url, apiKey: SEED_KEY, retry: { retries: 0 } });
}

/** For a test file: the mock started with `choices` before each test (handed to `use`), closed after it. */
export function seedMockEachTest(
  choices: Partial<SeedServiceChoices>,
  use: (seed: SeedService) => void,
): void {
  let seed: SeedService | undefined;
  beforeEach(async () => {
    seed = await startSeedMock(choices);
    use(seed);
  });
  afterEach(async () => {
    await seed?.close();
  });
}

/** The link limits a runner learns, kept in memory instead of storage.local: the store, and what it holds. */
export function linkLimitsInMemory(): { store: LinkLimitStore; learned: () => Record<string, number> } {
  let limits: Record<string, number> = {};
  return {
    store: linkLimitStore({
      getValue: async () => limits,
      setValue: async (value) => {
        limits = value;
      },
    }),
    learned: () => limits,
  };
}
