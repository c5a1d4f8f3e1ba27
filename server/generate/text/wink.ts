/**
 * wink-nlp and its English model, loaded once per thread (the page pool's workers) on first use, and
 * synchronously: prompts and page facts are read synchronously. Two pipelines share the model:
 * - `sentenceNlp`, sentence boundaries only: every page is split, and the other pipes make that about
 *   three times slower;
 * - `analysisNlp`, parts of speech, entities, negation and sentiment: for questions, the few sentences
 *   that may answer one, and a page's sentiment (each pipe reads the same with the others beside it).
 */
import { createRequire } from "node:module";
import type { Model, WinkMethods } from "wink-nlp";

let wink: { winkNLP: typeof import("wink-nlp").default; model: Model } | undefined;
let sentences: WinkMethods | undefined;
let analysis: WinkMethods | undefined;

function loadWink() {
  if (!wink) {
    const require = createRequire(import.meta.url);
    wink = {
      winkNLP: require("wink-nlp") as typeof import("wink-nlp").default,
      model: require("wink-eng-lite-web-model") as Model,
    };
  }
  return wink;
}

/** wink with sentence boundary detection alone. */
export function sentenceNlp(): WinkMethods {
  if (!sentences) {
    const { winkNLP, model } = loadWink();
    sentences = winkNLP(model, ["sbd"]);
  }
  return sentences;
}

/** wink with sentence boundaries, negation, sentiment, parts of speech and entities. */
export function analysisNlp(): WinkMethods {
  if (!analysis) {
    const { winkNLP, model } = loadWink();
    analysis = winkNLP(model, ["sbd", "negation", "sentiment", "pos", "ner"]);
  }
  return analysis;
}
