import { describe, expect, it } from "vitest";
import { ConfigError, readServiceConfig } from "../../server/config";

describe("DATABASE_URL", () => {
  it("selects a Postgres database when set, the embedded store when unset or empty", () => {
    const url = "postgres://linklens:secret@db.internal:5432/linklens";
    expect(readServiceConfig([], { DATABASE_URL: url }).databaseUrl).toBe(url);
    expect(readServiceConfig([], { DATABASE_URL: "postgresql://db/linklens" }).databaseUrl).toBe(
      "postgresql://db/linklens",
    );
    expect(readServiceConfig([], {}).databaseUrl).toBeUndefined();
    expect(readServiceConfig([], { DATABASE_URL: " " }).databaseUrl).toBeUndefined();
  });

  it("refuses another scheme without quoting the value, which may hold a password", () => {
    const read = () => readServiceConfig([], { DATABASE_URL: "mysql://user:hunter2@db/linklens" });
    expect(read).toThrow(ConfigError);
    expect(read).toThrow(/^DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL$/);
  });
});

describe("--record-cache", () => {
  it("takes whole MiB from 0 (no cache) to 65536, and leaves the store's default when absent", () => {
    expect(readServiceConfig(["--record-cache", "0"], {}).recordCacheMb).toBe(0);
    expect(readServiceConfig(["--record-cache", "16"], {}).recordCacheMb).toBe(16);
    expect(readServiceConfig([], {})).not.toHaveProperty("recordCacheMb");
    for (const bad of ["", "-1", "1.5", "65537", "lots"]) {
      expect(() => readServiceConfig([`--record-cache=${bad}`], {})).toThrow(
        /^--record-cache must be a whole number of MiB from 0 to 65536$/,
      );
    }
  });
});
