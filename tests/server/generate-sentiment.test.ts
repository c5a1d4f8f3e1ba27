/**
 * The offline generator's sentiment (wink-nlp): on real sentences, and inside the page pool's worker threads,
 * where the JSON generator asks for it.
 */
import { describe, expect, it } from "vitest";
import { sentimentOf } from "../../server/generate/text/sentiment";
import { siteAndServicePerFile } from "./helpers/service";

const env = siteAndServicePerFile();

describe("sentimentOf", () => {
  it("labels praise positive and complaints negative", () => {
    for (const text of [
      "This is a great product, I love it.",
      "The hotel was clean, the staff were friendly and the breakfast was delicious.",
    ]) {
      const { score, label } = sentimentOf(text);
      expect(label, text).toBe("positive");
      expect(score, text).toBeGreaterThan(0);
    }
    for (const text of [
      "The service was terrible and the food was awful.",
      "Layoffs hit the factory as the company lost its biggest contract.",
    ]) {
      const { score, label } = sentimentOf(text);
      expect(label, text).toBe("negative");
      expect(score, text).toBeLessThan(0);
    }
  });

  it("turns a negated word around", () => {
    expect(sentimentOf("The movie was good.").label).toBe("positive");
    expect(sentimentOf("The movie was not good.").label).toBe("negative");
    expect(sentimentOf("I don't like the new design.").label).toBe("negative");
    expect(sentimentOf("The results were not bad at all.").label).toBe("positive");
  });

  it("calls plain facts neutral, and a text of clear praise and clear blame mixed", () => {
    expect(sentimentOf("The meeting is on Tuesday at 10 am in room 4.")).toEqual({
      score: 0,
      label: "neutral",
    });
    expect(sentimentOf("")).toEqual({ score: 0, label: "neutral" });
    expect(sentimentOf("Great camera. Terrible battery. Awful screen. Lovely design.").label).toBe("mixed");
  });
});

describe("sentiment in generated JSON", () => {
  it("is computed in the page pool's threads, as it is here", async () => {
    const schema = {
      type: "object",
      properties: {
        sentiment: { enum: ["positive", "negative", "neutral", "mixed"] },
        sentimentScore: { type: "number", minimum: -1, maximum: 1 },
      },
      required: ["sentiment", "sentimentScore"],
      additionalProperties: false,
    };
    for (const page of ["/news/article.html", "/blog/post.html"]) {
      const { status, body } = await env.service.call("POST", "/v1/links", {
        body: {
          link: [env.site.url(page)],
          prompt: "What is the tone of this page?",
          responseFormat: { type: "json_schema", json_schema: { name: "tone", schema } },
        },
      });
      expect(status, JSON.stringify(body)).toBe(200);
      const [result] = body.results;
      const expected = sentimentOf(result.analysis.text);
      expect(result.jsonContent.sentiment, page).toBe(expected.label);
      expect(result.jsonContent.sentimentScore, page).toBeCloseTo(expected.score, 2);
    }
  });
});
