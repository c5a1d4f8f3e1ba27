import { compileSchemaWithLocations, InvalidSchemaError } from "../schema/json-schema";
import { JsonFiller } from "./json/json-filler";
import { composeText, NOT_MENTIONED } from "./text/extractive-text";
import {
  questionTermsIn,
  readFollowUp,
  repeatsEarlier,
  sentenceAfterEarlier,
  sentencesOf,
  textWithoutEarlier,
} from "./text/follow-up";
import { PageFacts } from "./text/page-facts";
import { buildPageModel } from "./text/page-model";
import { loadSentenceSplitter } from "./text/sentences";
import { analysisNlp } from "./text/wink";
import { GenerationError, type Generator } from "./types";

/** Said before an answer that can only be the one an earlier turn gave (a question asked again). */
const ASKED_BEFORE = "As an earlier answer said:";

/**
 * The offline generator: text is the page's own sentences that best answer the prompt; JSON is the
 * schema filled from the page's facts. Deterministic at temperature 0; above it, seeded by the prompt,
 * page and temperature, so the same request still gives the same answer.
 */
export function createExtractiveGenerator(): Generator {
  return {
    name: "extractive",
    async generateText({ prompt, temperature, page, signal }) {
      signal?.throwIfAborted();
      const followUp = readFollowUp(prompt);
      if (!followUp) {
        const model = await buildPageModel(page.analysis.text, page.language);
        return composeText(page, model, prompt, temperature);
      }
      // A follow-up answers its own question; when that would say an earlier answer again word for word,
      // it says what the page says next on that point when the question was asked before, or answers from what the earlier answers did not
      // already say, as long as that is as much about the question as the answer it would repeat.
      const { question, earlier, askedBefore } = followUp;
      const model = await buildPageModel(page.analysis.text, page.language);
      const answer = composeText(page, model, question, temperature);
      if (!repeatsEarlier(answer, earlier)) return answer;
      const next = askedBefore ? sentenceAfterEarlier(model, earlier) : undefined;
      if (next) return next;
      const text = textWithoutEarlier(page.analysis.text, earlier);
      const rest = { ...page, analysis: { ...page.analysis, text } };
      const other = composeText(rest, await buildPageModel(text, page.language), question, temperature);
      const asMuchAbout =
        questionTermsIn(other, question, model.language) >= questionTermsIn(answer, question, model.language);
      if (!repeatsEarlier(other, earlier) && !other.startsWith(NOT_MENTIONED) && asMuchAbout) return other;
      // Only what was said already answers it: one of its sentences at a time, said to be said before.
      const again = sentencesOf(answer).map((sentence) => `${ASKED_BEFORE} ${sentence}`);
      const fresh = again.find((candidate) => !repeatsEarlier(candidate, earlier));
      return fresh ?? `${ASKED_BEFORE} (${earlier.answers.length} times) ${answer}`;
    },
    async generateJson({ prompt: sent, temperature, page, schema, signal }) {
      signal?.throwIfAborted();
      const prompt = readFollowUp(sent)?.question ?? sent;
      let compiled: ReturnType<typeof compileSchemaWithLocations>;
      try {
        compiled = compileSchemaWithLocations(schema);
      } catch (error) {
        if (error instanceof InvalidSchemaError) throw new GenerationError(error.message);
        throw error;
      }
      const model = await buildPageModel(page.analysis.text, page.language);
      // Compiling and filling are each bounded: let other work in between rather than hold the loop for both.
      await new Promise((resolve) => setImmediate(resolve));
      signal?.throwIfAborted();
      return new JsonFiller(new PageFacts(page, model, prompt, temperature), schema, compiled).fill();
    },
  };
}

/** Loads the sentence and tagging models now (~0.3–0.6 s) instead of on the first request. */
export async function warmUpExtractiveGenerator(): Promise<void> {
  await loadSentenceSplitter();
  analysisNlp();
}
