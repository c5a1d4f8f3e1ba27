import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MarkdownView, type MarkdownViewProps } from "../../../components/markdown-view";

/**
 * Loads `MarkdownView`'s lazy renderer: the first render starts the load (and shows the plain-text
 * fallback); once it is in, `renderMarkdownView` renders the Markdown.
 */
export async function loadMarkdownRenderer(): Promise<void> {
  renderMarkdownView({ text: "" });
  await import("../../../components/markdown-renderer");
  await new Promise((resolve) => setTimeout(resolve, 0));
}

export function renderMarkdownView(props: MarkdownViewProps): string {
  return renderToStaticMarkup(createElement(MarkdownView, props));
}
