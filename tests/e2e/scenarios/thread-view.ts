/** What a thread under an answer shows (components/thread/thread-conversation.tsx), as the scenarios read it. */
import type { Evaluator } from "../drivers/driver";

/** The answered turns the page's thread shows, in order: each one's question and its credits and time. */
export function answeredTurns(page: Evaluator): Promise<{ question: string; meta: string }[]> {
  return page.evaluate(
    () =>
      [...document.querySelectorAll(".thread__turn[data-analysis-id]")]
        .filter((turn) => turn.querySelector(".thread__answer")?.textContent?.trim())
        .map((turn) => ({
          question: turn.querySelector(".thread__question")?.textContent ?? "",
          meta: turn.querySelector(".thread__meta")?.textContent ?? "",
        })),
    null,
  );
}
