/**
 * Random and mutated requests for the service's fuzz test: every endpoint, method and header the contract
 * names, bodies built from valid ones and then broken (fields dropped, added, retyped; text truncated,
 * bytes flipped, invalid UTF-8), hostile JSON schemas and hostile pages of the fixture site. Reproducible:
 * the same seed gives the same requests.
 */
import { seededRandom } from "../../../server/generate/seeded-random";

export interface FuzzRequest {
  /** What the request is, for the failure report. */
  label: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
  /** The longest answer the contract allows this request. */
  budgetMs: number;
}

export interface FuzzTargets {
  keys: string[];
  /** Analyses the first key owns, for GET, update and related. */
  analysisIds: string[];
  /** Page URLs on the fixture site: ordinary pages and hostile ones. */
  pages: string[];
}

/** Analyze requests may fetch pages: 20 s per link of the contract, plus the request's own work. */
const ANALYZE_BUDGET_MS = 25_000;
/** Everything else answers from the store; generous for a loaded 2-core machine, far from a stall. */
const OTHER_BUDGET_MS = 3_000;

const PATTERNS = [
  "^[a-z]+$",
  "^\\d{3}-\\d{4}$",
  "(a+)+$",
  "^(([a-z])+.)+[A-Z]([a-z])+$",
  "(a|aa)*b",
  "a{100000000}",
  "(a{1000}){1000}",
  "[a-z]{2,}@[a-z]{2,}\\.com",
  "(?=a)b",
  "(a)\\1",
  "[",
  "\\p{L}+",
  "^.{0,5}$",
];

const STRING_PIECES = [
  "",
  " ",
  "hello",
  "naïve café",
  "😀",
  "\ud800",
  "\udc00x",
  "\u0000",
  "\u202e",
  "<script>alert(1)</script>",
  "javascript:alert(1)",
  "__proto__",
  "constructor",
  "%00",
  "\\",
  '"',
];

/** Sets an own property, even one named `__proto__` (plain assignment would change the prototype). */
function setKey(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

export function createFuzzer(seed: number, targets: FuzzTargets) {
  const random = seededRandom(seed);
  const int = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const chance = (p: number) => random() < p;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

  function randomString(): string {
    if (chance(0.05)) return "x".repeat(pick([2_001, 10_001, 200_001, 300_000]));
    let text = "";
    const parts = int(0, 4);
    for (let index = 0; index < parts; index++) text += pick(STRING_PIECES);
    return text;
  }

  function randomNumber(): number {
    return pick([0, -0, 1, -1, 0.5, 2, 2.0001, 1e308, -1e308, 2 ** 53 + 1, 1e-320, int(-1000, 1000)]);
  }

  function randomJson(depth = 0): unknown {
    const kinds = depth > 3 ? 4 : 6;
    switch (int(0, kinds - 1)) {
      case 0:
        return null;
      case 1:
        return chance(0.5);
      case 2:
        return randomNumber();
      case 3:
        return randomString();
      case 4:
        return Array.from({ length: int(0, 3) }, () => randomJson(depth + 1));
      default:
        return Object.fromEntries(
          Array.from({ length: int(0, 4) }, () => [randomKey(), randomJson(depth + 1)]),
        );
    }
  }

  function randomKey(): string {
    return pick(["a", "title", "__proto__", "constructor", "prototype", "", "k".repeat(65), "\ud800", "é"]);
  }

  /** JSON text nested `levels` deep: objects or arrays. */
  function nestedText(levels: number): string {
    return chance(0.5)
      ? `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`
      : `${"[".repeat(levels)}${"]".repeat(levels)}`;
  }

  function randomSchema(depth = 0): Record<string, unknown> {
    const choice = depth > 2 ? int(0, 4) : int(0, 9);
    switch (choice) {
      case 0:
        return { type: "string", ...(chance(0.6) && { pattern: pick(PATTERNS) }) };
      case 1:
        return {
          type: "string",
          minLength: pick([0, 5, 1_000, 300_000, 10_000_000]),
          ...(chance(0.5) && { maxLength: pick([0, 3, 100, 1_000_000]) }),
        };
      case 2:
        return {
          type: pick(["integer", "number"]),
          minimum: randomNumber(),
          multipleOf: pick([0.01, 7, 1e-9]),
        };
      case 3:
        return { enum: [randomJson(), randomJson()] };
      case 4:
        return { type: "boolean" };
      case 5:
        return {
          type: "array",
          items: randomSchema(depth + 1),
          minItems: pick([0, 2, 100_000, 1e9]),
          ...(chance(0.3) && { uniqueItems: true }),
        };
      case 6:
        return { anyOf: [randomSchema(depth + 1), randomSchema(depth + 1)] };
      case 7:
        return {
          type: "object",
          patternProperties: { [pick(PATTERNS)]: randomSchema(depth + 1) },
          minProperties: pick([0, 1, 50_000]),
        };
      case 8:
        return { $ref: "#" };
      default:
        return objectSchema(depth + 1);
    }
  }

  function objectSchema(depth: number): Record<string, unknown> {
    const names = Array.from({ length: int(1, 4) }, () =>
      pick(["summary", "tags", "score", "__proto__", "x"]),
    );
    const properties = Object.fromEntries(names.map((name) => [name, randomSchema(depth)]));
    return { type: "object", properties, required: names.filter(() => chance(0.5)) };
  }

  function hostileSchema(): unknown {
    switch (int(0, 5)) {
      case 0:
        return {
          $defs: {
            node: {
              anyOf: [
                { type: "null" },
                { $ref: "#/$defs/node" },
                { type: "array", items: { $ref: "#/$defs/node" }, minItems: 2 },
              ],
            },
          },
          type: "object",
          properties: { tree: { $ref: "#/$defs/node" } },
          required: ["tree"],
        };
      case 1:
        return JSON.parse(
          `${'{"type":"object","properties":{"a":'.repeat(40)}{"type":"string"}${"}}".repeat(40)}`,
        );
      case 2:
        return { type: "object", properties: { big: { type: "string" } }, description: "d".repeat(70_000) };
      case 3:
        return { type: "array" };
      case 4:
        return { type: "object", required: ["a"], properties: { a: { not: {} } } };
      default:
        return objectSchema(0);
    }
  }

  function validAnalyzeBody(): Record<string, unknown> {
    const links = Array.from(new Set(Array.from({ length: int(1, 3) }, () => pick(targets.pages))));
    const body: Record<string, unknown> = {
      link: links,
      prompt: pick(["Summarize", "Who wrote this?", "List the key facts"]),
    };
    if (chance(0.3)) body.temperature = pick([0, 0.7, 2]);
    if (chance(0.3)) body.metadata = { source: "fuzz", n: int(0, 9), ["__proto__"]: "kept" };
    if (chance(0.4)) {
      const schema = chance(0.5) ? hostileSchema() : objectSchema(0);
      body.responseFormat = { type: "json_schema", json_schema: { name: "out", schema } };
    }
    return body;
  }

  function validUpdateBody(): Record<string, unknown> {
    const body: Record<string, unknown> = { analysisId: pick(targets.analysisIds) };
    const which = int(0, 2);
    if (which === 0) body.textContent = randomString();
    if (which === 1) body.jsonContent = { note: randomString(), nested: randomJson() };
    if (which === 2) body.metadata = { tag: randomString(), ["__proto__"]: 1 };
    return body;
  }

  /** Drops, adds or retypes one field, somewhere in the body. */
  function mutateValue(body: Record<string, unknown>): unknown {
    const copy = JSON.parse(JSON.stringify(body)) as Record<string, unknown>;
    const keys = Object.keys(copy);
    switch (int(0, 5)) {
      case 0:
        delete copy[pick(keys)];
        return copy;
      case 1:
        setKey(copy, pick(["promt", "links", "extra", "__proto__"]), randomJson());
        return copy;
      case 2:
        setKey(copy, pick(keys), randomJson());
        return copy;
      case 3:
        return randomJson();
      case 4:
        copy.link = Array.from({ length: pick([0, 21, 100]) }, (_, index) => `https://example.com/${index}`);
        return copy;
      default:
        setKey(
          copy,
          pick(keys),
          pick([
            "http://example.com",
            "https://user:pw@example.com",
            "https://",
            `https://e.com/${"a".repeat(2_100)}`,
          ]),
        );
        return copy;
    }
  }

  function encodeBody(value: unknown): string | Uint8Array<ArrayBuffer> {
    const text = JSON.stringify(value) ?? "null";
    switch (int(0, 9)) {
      case 0:
        return text.slice(0, int(0, text.length));
      case 1: {
        const bytes = new TextEncoder().encode(text);
        const at = int(0, bytes.length);
        const broken = pick([[0xff], [0xc3, 0x28], [0xed, 0xa0, 0x80], [0xe2, 0x82]]);
        return new Uint8Array([...bytes.subarray(0, at), ...broken, ...bytes.subarray(at)]);
      }
      case 2:
        return nestedText(pick([65, 1_000, 100_000]));
      case 3:
        return `{"jsonContent":${nestedText(pick([63, 5_000]))},"analysisId":"${pick(targets.analysisIds)}"}`;
      case 4:
        return text.replace(/"/, '"\\ud800');
      default:
        return text;
    }
  }

  function headers(endpoint: "analyze" | "update" | "read"): Record<string, string> {
    const result: Record<string, string> = {};
    const key = chance(0.9) ? pick(targets.keys) : pick([undefined, "", "lk_wrong", ` ${targets.keys[0]}`]);
    if (key !== undefined) result["x-api-key"] = key;
    if (endpoint !== "read") {
      result["content-type"] = chance(0.85)
        ? pick(["application/json", "application/json; charset=utf-8", "Application/JSON"])
        : pick(["text/plain", "", "application/x-www-form-urlencoded", "application/merge-patch+json"]);
      if (chance(0.3)) {
        result["idempotency-key"] = pick([
          `fuzz-${int(0, 20)}`,
          "",
          "\u00e9t\u00e9",
          "k".repeat(256),
          "ok key",
        ]);
      }
    }
    if (endpoint === "update" && chance(0.3))
      result["if-match"] = pick(['"2026-01-01T00:00:00.000Z"', "*", "garbage", '""']);
    if (chance(0.01)) result["x-filler"] = "f".repeat(20_000);
    return result;
  }

  function query(): string {
    const params = new URLSearchParams();
    if (chance(0.9)) params.set("analysisId", chance(0.7) ? pick(targets.analysisIds) : randomString());
    if (chance(0.4)) params.set("pageNum", String(pick([0, -1, 1, 2, 1e9, 1.5, "abc", ""])));
    if (chance(0.4)) params.set("pageSize", String(pick([0, 1, 100, 101, "10x", 1e21])));
    if (chance(0.3))
      params.set("selectFields", pick(["analysisId,analysis", " textContent , metadata", "nope", "", ",,"]));
    for (const name of ["jsonContent", "metadata"]) {
      if (chance(0.25))
        params.set(
          name,
          pick(["{}", '{"a":1}', '{"__proto__":"kept"}', "[1]", "{", '{"a":{"b":1}}', "null"]),
        );
    }
    if (chance(0.05)) params.append("analysisId", "twice");
    if (chance(0.05)) params.set("unknown", "1");
    return params.toString();
  }

  function next(): FuzzRequest {
    const roll = random();
    if (roll < 0.3) {
      const body = validAnalyzeBody();
      const value = chance(0.35) ? body : mutateValue(body);
      return request("POST", "/v1/links", "analyze", value, ANALYZE_BUDGET_MS);
    }
    if (roll < 0.55) {
      const body = validUpdateBody();
      const value = chance(0.4) ? body : mutateValue(body);
      return request("POST", "/v1/analyses", "update", value, OTHER_BUDGET_MS);
    }
    if (roll < 0.85) {
      const path = pick(["/v1/analyses", "/v1/analyses/related", "/v1/analyses/related/"]);
      return {
        label: `GET ${path}`,
        method: pick(["GET", "GET", "GET", "HEAD"]),
        path: `${path}?${query()}`,
        headers: headers("read"),
        budgetMs: OTHER_BUDGET_MS,
      };
    }
    const path = pick([
      "/v1/links",
      "/v1/analyses",
      "/v1",
      "/v1/nope",
      "/v1/links/../analyses",
      "/v1/%00",
      "/healthz",
      "/openapi.json",
    ]);
    return {
      label: `odd ${path}`,
      method: pick(["GET", "PUT", "DELETE", "PATCH", "OPTIONS", "POST"]),
      path,
      headers: headers("read"),
      budgetMs: path === "/v1/links" ? ANALYZE_BUDGET_MS : OTHER_BUDGET_MS,
    };
  }

  function request(
    method: string,
    path: string,
    endpoint: "analyze" | "update",
    value: unknown,
    budgetMs: number,
  ): FuzzRequest {
    const huge = chance(0.01);
    const body = huge ? `{"prompt":"${"p".repeat(1_100_000)}"}` : encodeBody(value);
    return {
      label: `${method} ${path}${huge ? " (over 1 MiB)" : ""}`,
      method,
      path,
      headers: headers(endpoint),
      body,
      budgetMs,
    };
  }

  return { next };
}
