import { lazy, Suspense } from "react";
import type { AnswerSourcesProps } from "./answer-sources";

/**
 * The matcher and its stop-word lists load with the first answer shown, not with the popup: until then
 * an answer's foot is empty (it holds no text of the answer's own, so nothing is missing meanwhile).
 */
const AnswerSources = lazy(() =>
  import("./answer-sources").then((module) => ({ default: module.AnswerSources })),
);

/** Sources on the page at an answer's foot (`AnswerSources`), loaded on first use. */
export function AnswerSourcesView(props: AnswerSourcesProps) {
  return (
    <Suspense fallback={null}>
      <AnswerSources {...props} />
    </Suspense>
  );
}
