/**
 * Why the popup can't analyze a tab, by the kind of address it shows: each kind of page that is not a web
 * page gets its own readable reason, never "reload the page".
 */
import { beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing/fake-browser";
import { blockedByTargetText, targetProblem, targetProblemText } from "../../components/popup/target-problem";
import { analyzeInputFromDraft } from "../../lib/analyze/analyze-input";
import { nonWebPageKind } from "../../lib/links/page-kind";
import { useEnglishMessages } from "./helpers/english-messages";

beforeEach(() => {
  fakeBrowser.reset();
  useEnglishMessages();
});

const tab = (url?: string) => ({ id: 1, index: 0, windowId: 1, url }) as Parameters<typeof targetProblem>[0];

describe("the target tab's problem", () => {
  it.each([
    ["about:blank", "about", /empty or built-in browser page \(about:\)/],
    ["ABOUT:newtab", "about", /about:/],
    ["data:text/html,<p>hi", "data", /data: address/],
    ["blob:https://example.com/5f1c", "data", /data: address/],
    ["chrome://settings/", "browser", /browser's own pages/],
    ["edge://flags", "browser", /browser's own pages/],
    ["chrome-extension://abcdef/options.html", "extension", /page of a browser extension/],
    ["moz-extension://1234/popup.html", "extension", /page of a browser extension/],
    ["file:///home/me/notes.html", "file", /file on your computer/],
    ["view-source:https://example.com/", "view_source", /source code \(view-source:\)/],
  ])("%s is a %s page, with its reason", (url, kind, reason) => {
    expect(nonWebPageKind(url)).toBe(kind);
    const problem = targetProblem(tab(url));
    expect(problem).toBe(kind);
    expect(targetProblemText(problem as NonNullable<typeof problem>)).toMatch(reason);
    expect(targetProblemText(problem as NonNullable<typeof problem>)).not.toMatch(/Reload/);
    expect(blockedByTargetText(problem as NonNullable<typeof problem>)).toBe(
      "Analyze is unavailable: only https pages can be analyzed.",
    );
  });

  it("keeps the web's own answers: https is fine, http is not https, and a hidden address is explained", () => {
    expect(targetProblem(tab("https://example.com/a"))).toBeNull();
    expect(targetProblem(tab("http://example.com/a"))).toBe("not_https");
    expect(nonWebPageKind("https://example.com/")).toBeNull();
    expect(targetProblem(tab(undefined))).toBe("no_url");
    expect(targetProblemText("no_url")).toMatch(/hides the address/);
    expect(targetProblem(undefined)).toBe("no_tab");
  });
});

describe("a template prompt in the popup's draft", () => {
  const draft = { temperature: "0", structured: false, schemaText: "", metadataRows: [] };
  const values = { title: "Trams", url: "https://news.example/t", selection: "", meta: {}, now: new Date() };

  it("is sent filled, and waits for the page's values before that", () => {
    expect(
      analyzeInputFromDraft({ ...draft, prompt: " About {{title}} on {{host}} " }, undefined, values),
    ).toEqual({
      ok: true,
      input: { prompt: "About Trams on news.example", temperature: 0 },
    });
    expect(analyzeInputFromDraft({ ...draft, prompt: "About {{title}}" }, undefined)).toEqual({
      ok: false,
      problems: { prompt: "reading" },
    });
  });

  it("is never sent with a problem, and the filled prompt must fit the limit", () => {
    const bad = analyzeInputFromDraft({ ...draft, prompt: "About {{titel}}" }, undefined, values);
    expect(bad).toMatchObject({
      ok: false,
      problems: { prompt: "template", template: [{ text: "{{titel}}" }] },
    });
    const long = analyzeInputFromDraft({ ...draft, prompt: "{{selection}}" }, undefined, {
      ...values,
      selection: "x".repeat(20_001),
    });
    expect(long).toMatchObject({ ok: false, problems: { prompt: "too_long" } });
    const empty = analyzeInputFromDraft({ ...draft, prompt: "{{selection}}" }, undefined, values);
    expect(empty).toMatchObject({ ok: false, problems: { prompt: "empty" } });
  });
});
