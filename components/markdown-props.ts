/**
 * What a Markdown view takes (markdown-view.tsx), which its renderer, loaded on first use
 * (markdown-renderer.tsx), takes as they are.
 */
import type { ReactNode } from "react";
import type { SentenceMarkOptions } from "../lib/sources/mark-sentences";

/** Something drawn right after some sentences of the text (an answer's source markers). */
export interface SentenceMarks extends SentenceMarkOptions {
  /** What follows sentence `index` (one of those `marked`). */
  render: (index: number) => ReactNode;
}

export interface MarkdownViewProps {
  text: string;
  /** The HTML level a Markdown `#` heading gets (the page around it has its own headings). */
  topHeadingLevel?: number;
  className?: string;
  /** Marks after sentences, placed by lib/sources/mark-sentences.ts (none in the plain-text fallback). */
  sentenceMarks?: SentenceMarks;
}
