import { describe, expect, it } from "vitest";
import { parseHostPattern } from "../../lib/settings/host-pattern";
import type { Preset } from "../../lib/settings/settings";
import { cleanSiteRules, type SiteRule, siteRuleFor, siteRuleMatches } from "../../lib/settings/site-rules";

const preset = (id: string): Preset => ({
  id,
  name: id.toUpperCase(),
  prompt: `Prompt ${id}`,
  temperature: 0,
});
const rule = (pattern: string, presetId: string, id = pattern): SiteRule => ({ id, pattern, presetId });
const matches = (pattern: string, url: string) => siteRuleMatches({ pattern }, url);

describe("site patterns", () => {
  it("a bare host matches that host only, on any port and path, http or https", () => {
    expect(matches("news.ycombinator.com", "https://news.ycombinator.com/item?id=1")).toBe(true);
    expect(matches("news.ycombinator.com", "http://news.ycombinator.com:8080/")).toBe(true);
    expect(matches("news.ycombinator.com", "https://ycombinator.com/")).toBe(false);
    expect(matches("news.ycombinator.com", "https://x.news.ycombinator.com/")).toBe(false);
    expect(matches("news.ycombinator.com", "https://news.ycombinator.com.evil.example/")).toBe(false);
  });

  it("*.host matches the host itself and every subdomain, never a look-alike", () => {
    expect(matches("*.github.com", "https://github.com/wxt-dev/wxt")).toBe(true);
    expect(matches("*.github.com", "https://gist.github.com/x")).toBe(true);
    expect(matches("*.github.com", "https://a.b.github.com/")).toBe(true);
    expect(matches("*.github.com", "https://notgithub.com/")).toBe(false);
    expect(matches("*.github.com", "https://github.com.example/")).toBe(false);
  });

  it("hosts compare without case (and as punycode); paths compare exactly", () => {
    expect(matches("GitHub.COM", "https://github.com/")).toBe(true);
    expect(matches("bücher.example", "https://xn--bcher-kva.example/")).toBe(true);
    expect(matches("example.org/Blog/*", "https://example.org/blog/x")).toBe(false);
  });

  it("a path glob: * stands for any characters; without one the path must be exact", () => {
    expect(matches("example.org/blog/*", "https://example.org/blog/2024/post.html")).toBe(true);
    expect(matches("example.org/blog/*", "https://example.org/blog/")).toBe(true);
    expect(matches("example.org/blog/*", "https://example.org/blog")).toBe(false);
    expect(matches("example.org/blog/*", "https://example.org/news/blog/x")).toBe(false);
    expect(matches("example.org/about", "https://example.org/about?lang=en")).toBe(true);
    expect(matches("example.org/about", "https://example.org/about/team")).toBe(false);
    expect(matches("example.org/*.pdf", "https://example.org/papers/a.pdf")).toBe(true);
    expect(matches("example.org/a.b", "https://example.org/axb")).toBe(false);
  });

  it("a port in the pattern must be the page's port", () => {
    expect(matches("localhost:8443", "https://localhost:8443/blog/post.html")).toBe(true);
    expect(matches("localhost:8443", "https://localhost:9443/")).toBe(false);
    expect(matches("localhost", "https://localhost:9443/")).toBe(true);
  });

  it("pages that are not http(s) and addresses that are not URLs match nothing", () => {
    expect(matches("*.github.com", "ftp://github.com/")).toBe(false);
    expect(matches("*.github.com", "not a url")).toBe(false);
    expect(matches("not a pattern/", "https://github.com/")).toBe(false);
  });

  it.each([
    ["", "empty"],
    ["   ", "empty"],
    ["https://github.com", "scheme"],
    ["www.*.com", "wildcard_host"],
    ["*", "wildcard_host"],
    ["*github.com", "wildcard_host"],
    ["example.org/search?q=x", "query"],
    ["example.org/#top", "query"],
    ["exa mple.org", "invalid_host"],
    ["user@example.org", "invalid_host"],
    ["example.org:99999999", "invalid_host"],
    [".example.org", "invalid_host"],
    ["/blog/*", "invalid_host"],
    ["a".repeat(201), "too_long"],
  ])("refuses %j (%s)", (text, problem) => {
    expect(parseHostPattern(text)).toEqual({ ok: false, problem });
  });

  it("reads the parts of valid patterns", () => {
    expect(parseHostPattern(" *.GitHub.com ")).toEqual({
      ok: true,
      pattern: { host: "github.com", subdomains: true },
    });
    expect(parseHostPattern("localhost:8443/blog/*")).toEqual({
      ok: true,
      pattern: { host: "localhost", subdomains: false, port: "8443", path: "/blog/*" },
    });
    // "/*" is every path: the same as none.
    expect(parseHostPattern("example.org/*")).toEqual({
      ok: true,
      pattern: { host: "example.org", subdomains: false },
    });
  });
});

describe("siteRuleFor", () => {
  const presets = [preset("summary"), preset("code"), preset("news")];

  it("answers the first matching rule in the user's order, with its preset", () => {
    const siteRules = [
      rule("gist.github.com", "summary"),
      rule("*.github.com", "code"),
      rule("github.com", "news"),
    ];
    expect(siteRuleFor({ presets, siteRules }, "https://github.com/wxt-dev/wxt")).toEqual({
      rule: siteRules[1],
      preset: presets[1],
    });
    expect(siteRuleFor({ presets, siteRules }, "https://gist.github.com/1")?.preset.id).toBe("summary");
    // Reordered: the broad rule first now wins for the gist too.
    const reordered = [siteRules[1], siteRules[0], siteRules[2]] as SiteRule[];
    expect(siteRuleFor({ presets, siteRules: reordered }, "https://gist.github.com/1")?.preset.id).toBe(
      "code",
    );
  });

  it("answers undefined when no rule matches, there are no rules, or there is no page", () => {
    const siteRules = [rule("*.github.com", "code")];
    expect(siteRuleFor({ presets, siteRules }, "https://example.org/")).toBeUndefined();
    expect(siteRuleFor({ presets, siteRules: [] }, "https://github.com/")).toBeUndefined();
    expect(siteRuleFor({ presets }, "https://github.com/")).toBeUndefined();
    expect(siteRuleFor({ presets, siteRules }, undefined)).toBeUndefined();
    expect(siteRuleFor({ presets, siteRules }, "chrome://extensions")).toBeUndefined();
  });

  it("passes over a rule whose preset was deleted: the next matching rule applies, else none", () => {
    const siteRules = [rule("*.github.com", "gone"), rule("github.com", "news")];
    expect(siteRuleFor({ presets, siteRules }, "https://github.com/")).toEqual({
      rule: siteRules[1],
      preset: presets[2],
    });
    expect(siteRuleFor({ presets, siteRules }, "https://gist.github.com/")).toBeUndefined();
  });

  it("passes over a rule whose pattern is not valid", () => {
    const siteRules = [rule("https://github.com", "code"), rule("github.com", "news")];
    expect(siteRuleFor({ presets, siteRules }, "https://github.com/")?.preset.id).toBe("news");
  });
});

describe("cleanSiteRules", () => {
  it("keeps valid rules in order (patterns trimmed), the first of each id, and drops the rest", () => {
    expect(
      cleanSiteRules([
        { id: "a", pattern: " *.github.com ", presetId: "code" },
        { id: "b", pattern: "https://x.org", presetId: "code" },
        { id: "c", pattern: "x.org", presetId: "" },
        { id: "a", pattern: "y.org", presetId: "news" },
        "junk",
        { id: "d", pattern: "y.org", presetId: "gone" },
      ]),
    ).toEqual([
      { id: "a", pattern: "*.github.com", presetId: "code" },
      { id: "d", pattern: "y.org", presetId: "gone" },
    ]);
    expect(cleanSiteRules(undefined)).toEqual([]);
    expect(cleanSiteRules({ length: 1 })).toEqual([]);
  });
});
