import { Component, lazy, type ReactNode, Suspense } from "react";
import { markdownToPlainText } from "../lib/text/markdown-plain-text";
import type { MarkdownViewProps } from "./markdown-props";

export type { MarkdownViewProps, SentenceMarks } from "./markdown-props";

/** The renderer and its Markdown library load on first use, so a page that shows no results never loads them. */
const MarkdownRenderer = lazy(() =>
  import("./markdown-renderer").then((module) => ({ default: module.MarkdownRenderer })),
);

/**
 * Markdown (CommonMark + GFM) shown as React elements, never as HTML: raw HTML in the text is shown as
 * text, links (http, https, mailto only) open in a new tab without access to this page. Until the renderer
 * has loaded, and when it cannot render the text (nesting thousands deep), the text shows as plain text,
 * its Markdown marks taken off: never `**` as typed.
 */
export function MarkdownView(props: MarkdownViewProps) {
  const plain = (
    <div
      className={props.className ? `markdown ${props.className}` : "markdown"}
      style={{ whiteSpace: "pre-wrap" }}
    >
      {markdownToPlainText(props.text)}
    </div>
  );
  return (
    <ShownAsTextOnError text={props.text} fallback={plain}>
      <Suspense fallback={plain}>
        <MarkdownRenderer {...props} />
      </Suspense>
    </ShownAsTextOnError>
  );
}

interface ShownAsTextOnErrorProps {
  /** The text shown: a new one is tried again. */
  text: string;
  fallback: ReactNode;
  children: ReactNode;
}

interface ShownAsTextOnErrorState {
  text: string;
  failed: boolean;
}

/** Shows `fallback` when rendering `children` fails (or its chunk does not load), until `text` changes. */
class ShownAsTextOnError extends Component<ShownAsTextOnErrorProps, ShownAsTextOnErrorState> {
  override state = { text: this.props.text, failed: false };

  static getDerivedStateFromError(): Partial<ShownAsTextOnErrorState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: ShownAsTextOnErrorProps,
    state: ShownAsTextOnErrorState,
  ): Partial<ShownAsTextOnErrorState> | null {
    return props.text === state.text ? null : { text: props.text, failed: false };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
