import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { vi } from "vitest";
import { MarkdownView, type MarkdownViewProps } from "../../../components/markdown-view";

/** Generous: a first render of the renderer is slow on a busy machine, and the wait ends when it is in. */
const WAIT = { timeout: 10_000, interval: 20 };

/**
 * Loads `MarkdownView`'s lazy renderer: the first render starts the load (and shows the plain-text
 * fallback); once it is in, `renderMarkdownView` renders the Markdown.
 */
export async function loadMarkdownRenderer(): Promise<void> {
  renderMarkdownView({ text: "" });
  await import("../../../components/markdown-renderer");
  // React's lazy takes the module a turn after the import: wait until a render shows Markdown, not text.
  await vi.waitFor(() => {
    if (!renderMarkdownView({ text: "*loaded*" }).includes("<em>")) {
      throw new Error("MarkdownView still shows the plain-text fallback: the renderer has not loaded");
    }
  }, WAIT);
}

export function renderMarkdownView(props: MarkdownViewProps): string {
  return renderToStaticMarkup(createElement(MarkdownView, props));
}
