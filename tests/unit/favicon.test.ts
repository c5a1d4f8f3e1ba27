/** A site without a usable icon shows its initial in a circle, never an empty gap. */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Favicon, siteInitial } from "../../components/favicon";

const render = (props: Parameters<typeof Favicon>[0]) => renderToStaticMarkup(createElement(Favicon, props));

describe("siteInitial", () => {
  it("takes the host's first letter or digit after www., upper-cased", () => {
    expect(siteInitial("www.example.com")).toBe("E");
    expect(siteInitial("bees.example")).toBe("B");
    expect(siteInitial("  _9gag.com")).toBe("9");
    expect(siteInitial("élan.fr")).toBe("É");
    expect(siteInitial("")).toBe("");
    expect(siteInitial("---")).toBe("");
  });
});

describe("Favicon", () => {
  it("shows the icon when there is a safe one", () => {
    const markup = render({
      url: "https://bees.example/icon.png",
      site: "bees.example",
      className: "x",
      size: 16,
    });
    expect(markup).toMatch(/<img [^>]*src="https:\/\/bees.example\/icon.png"/);
    expect(markup).not.toContain("favicon-letter");
  });

  it("shows the site's initial in a circle of the icon's size when there is none, or only an unsafe one", () => {
    for (const url of [undefined, "javascript:alert(1)", "data:image/png;base64,AAAA"]) {
      const markup = render({ url, site: "www.bees.example", className: "row-icon", size: 20 });
      expect(markup).toContain('class="row-icon favicon-letter"');
      expect(markup).toContain('aria-hidden="true"');
      expect(markup).toContain("width:20px;height:20px");
      expect(markup).toMatch(/>B<\/span>$/);
    }
  });

  it("shows nothing without an icon or a site", () => {
    expect(render({ url: undefined, className: "x", size: 16 })).toBe("");
  });
});
