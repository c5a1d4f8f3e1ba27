import { compileSchemaWithLocations, InvalidSchemaError } from "../schema/json-schema";
import { JsonFiller } from "./json/json-filler";
import { composeText } from "./text/extractive-text";
import { PageFacts } from "./text/page-facts";
import { buildPageModel } from "./text/page-model";
import { loadSentenceSplitter } from "./text/sentences";
import { analysisNlp } from "./text/wink";
import { GenerationError, type Generator } from "./types";

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
      const model = await buildPageModel(page.analysis.text, page.language);
      return composeText(page, model, prompt, temperature);
    },
    async generateJson({ prompt, temperature, page, schema, signal }) {
      signal?.throwIfAborted();
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
