import { lazy, Suspense } from "react";
import { MarkdownView } from "../markdown-view";
import type { SourcedAnswerProps } from "./sourced-answer";

/**
 * The matcher and its stop-word lists load with the first answer shown, not with the page: until then the
 * answer shows without its markers and its foot (neither holds any of the answer's own text).
 */
const SourcedAnswer = lazy(() =>
  import("./sourced-answer").then((module) => ({ default: module.SourcedAnswer })),
);

/** An answer with its sources on the page (`SourcedAnswer`), loaded on first use. */
export function SourcedAnswerView(props: SourcedAnswerProps) {
  const answer = <MarkdownView text={props.answer} topHeadingLevel={props.topHeadingLevel} />;
  return (
    <Suspense fallback={props.frame ? props.frame(answer) : answer}>
      <SourcedAnswer {...props} />
    </Suspense>
  );
}
