import { createElement, type ReactNode, useMemo } from "react";
import { type MarkdownBlock, type MarkdownInline, parseMarkdown } from "../lib/markdown";

export interface MarkdownViewProps {
  text: string;
  /** The HTML level a Markdown `#` heading gets (the page around it has its own headings). */
  topHeadingLevel?: number;
  className?: string;
}

/**
 * Markdown shown as React elements, never as HTML: raw HTML in the text is shown as text, and links
 * (http, https, mailto only) open in a new tab without access to this page.
 */
export function MarkdownView({ text, topHeadingLevel = 3, className }: MarkdownViewProps) {
  const blocks = useMemo(() => parseMarkdown(text), [text]);
  // Children are spread as arguments: static lists that never reorder, so they need no keys.
  return createElement(
    "div",
    { className: className ? `markdown ${className}` : "markdown" },
    ...blocks.map((block) => renderBlock(block, topHeadingLevel, false)),
  );
}

function renderBlock(block: MarkdownBlock, topHeadingLevel: number, inTightList: boolean): ReactNode {
  switch (block.type) {
    case "paragraph":
      return inTightList
        ? createElement("span", { className: "markdown__line" }, ...renderInlines(block.children))
        : createElement("p", null, ...renderInlines(block.children));
    case "heading": {
      const level = Math.min(6, block.level + topHeadingLevel - 1);
      return createElement(`h${level}`, null, ...renderInlines(block.children));
    }
    case "code":
      return createElement(
        "pre",
        null,
        createElement("code", block.language ? { "data-language": block.language } : null, block.text),
      );
    case "list":
      return createElement(
        block.ordered ? "ol" : "ul",
        block.start !== undefined ? { start: block.start } : null,
        ...block.items.map((item) =>
          createElement("li", null, ...item.map((child) => renderBlock(child, topHeadingLevel, block.tight))),
        ),
      );
    case "blockquote":
      return createElement(
        "blockquote",
        null,
        ...block.children.map((child) => renderBlock(child, topHeadingLevel, false)),
      );
    case "rule":
      return createElement("hr");
  }
}

function renderInlines(inlines: MarkdownInline[]): ReactNode[] {
  return inlines.map(renderInline);
}

function renderInline(inline: MarkdownInline): ReactNode {
  switch (inline.type) {
    case "text":
      return inline.text;
    case "code":
      return createElement("code", null, inline.text);
    case "emphasis":
      return createElement("em", null, ...renderInlines(inline.children));
    case "strong":
      return createElement("strong", null, ...renderInlines(inline.children));
    case "strike":
      return createElement("s", null, ...renderInlines(inline.children));
    case "break":
      return createElement("br");
    case "link":
      return createElement(
        "a",
        { href: inline.href, title: inline.title, target: "_blank", rel: "noopener noreferrer" },
        ...renderInlines(inline.children),
      );
  }
}
