import Ajv from "ajv";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { createExtractiveGenerator } from "../../server/generate/extractive";
import { GenerationError } from "../../server/generate/types";
import type { ExtractedPage } from "../../server/pages/types";
import { emptyPage, frenchPage, guidePage, largePage, newsPage } from "./helpers/sample-pages";

const generator = createExtractiveGenerator();

/** An ajv of the test's own (not the module under test) checks every result. */
function assertValid(schema: Record<string, unknown>, value: unknown): void {
  const draft07 = typeof schema.$schema === "string" && schema.$schema.includes("draft-07");
  const ajv = draft07
    ? new Ajv({ strict: false, allErrors: true })
    : new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const validate = ajv.compile(schema);
  const valid = validate(value);
  expect(validate.errors ?? [], JSON.stringify(value, null, 2)).toEqual([]);
  expect(valid).toBe(true);
}

async function generate(
  schema: Record<string, unknown>,
  page: ExtractedPage = newsPage,
  prompt = "Summarize the article",
) {
  const value = await generator.generateJson({ prompt, temperature: 0, page, schema });
  assertValid(schema, value);
  return value as Record<string, any>;
}

describe("extractive generateJson", () => {
  it("fills flat page facts by property name", async () => {
    const value = await generate({
      type: "object",
      properties: {
        title: { type: "string" },
        url: { type: "string", format: "uri" },
        author: { type: "string" },
        publishedDate: { type: "string", format: "date-time" },
        summary: { type: "string", maxLength: 200 },
        description: { type: "string" },
        image: { type: "string", format: "uri" },
        language: { type: "string" },
        siteName: { type: "string" },
        keywords: { type: "array", items: { type: "string" } },
      },
      required: ["title", "url", "summary"],
    });
    expect(value.title).toBe(newsPage.analysis.title);
    expect(value.url).toBe(newsPage.analysis.url);
    expect(value.author).toBe("Maria Lopez");
    expect(value.publishedDate).toBe("2024-03-20T14:30:00.000Z");
    expect(value.summary.length).toBeLessThanOrEqual(200);
    expect(newsPage.analysis.text).toContain(value.summary);
    expect(value.description).toBe(newsPage.description);
    expect(value.image).toBe("https://news.example.com/images/central-bank.jpg");
    expect(value.language).toBe("en");
    expect(value.siteName).toBe("Example News");
    expect(value.keywords.slice(0, 3)).toEqual(["interest rates", "inflation", "central bank"]);
  });

  it("leaves out optional facts the page lacks, and uses null where the schema allows it", async () => {
    const value = await generate(
      {
        type: "object",
        properties: {
          title: { type: "string" },
          author: { type: "string" },
          publishedDate: { type: "string", format: "date" },
          byline: { type: ["string", "null"] },
        },
        required: ["title", "byline"],
      },
      guidePage,
    );
    expect(value).toEqual({ title: "Getting started with WebAssembly", byline: null });
  });

  it("fills nested objects and arrays of people from the text", async () => {
    const value = await generate({
      type: "object",
      properties: {
        people: {
          type: "array",
          minItems: 1,
          items: {
            type: "object",
            properties: { name: { type: "string" }, role: { type: "string" } },
            required: ["name", "role"],
            additionalProperties: false,
          },
        },
        organizations: { type: "array", items: { type: "string" }, uniqueItems: true },
        source: {
          type: "object",
          properties: { name: { type: "string" }, url: { type: "string", format: "uri" } },
        },
      },
      required: ["people", "organizations"],
    });
    expect(value.people).toContainEqual({ name: "Jerome Powell", role: "chair of the Federal Reserve" });
    expect(value.people).toContainEqual({ name: "Sarah Chen", role: "chief economist at Northwind Capital" });
    expect(value.organizations).toEqual(expect.arrayContaining(["Federal Reserve", "Northwind Capital"]));
    expect(value.organizations).not.toContain("Jerome Powell");
    expect(value.source.url).toBe(newsPage.analysis.url);
  });

  it("fills sections from the page's headings with minItems", async () => {
    const value = await generate({
      type: "object",
      properties: {
        sections: {
          type: "array",
          minItems: 2,
          items: {
            type: "object",
            properties: { heading: { type: "string" }, summary: { type: "string", maxLength: 300 } },
            required: ["heading", "summary"],
          },
        },
      },
      required: ["sections"],
    });
    const headings = value.sections.map((section: { heading: string }) => section.heading);
    expect(headings).toEqual(expect.arrayContaining(["Inflation outlook", "Markets and the housing sector"]));
    const housing = value.sections.find((section: { heading: string }) =>
      section.heading.startsWith("Markets"),
    );
    expect(housing.summary).toMatch(/Mortgage rates|Home builders|Stocks/);
  });

  it("respects numeric bounds, integers, multipleOf, booleans, enums and additionalProperties false", async () => {
    const schema = {
      type: "object",
      properties: {
        relevance: { type: "number", minimum: 0, maximum: 1 },
        rating: { type: "integer", minimum: 1, maximum: 5 },
        wordCount: { type: "integer", minimum: 0 },
        readingTimeMinutes: { type: "integer", minimum: 1 },
        confidence: { type: "number", exclusiveMinimum: 0, exclusiveMaximum: 100, multipleOf: 0.5 },
        hasImage: { type: "boolean" },
        mentionsMortgages: { type: "boolean" },
        mentionsCrypto: { type: "boolean" },
        sentiment: { enum: ["positive", "negative", "neutral"] },
        category: { type: "string", enum: ["sports", "economy", "technology", "culture"] },
        year: { type: "integer", minimum: 1900, maximum: 2100 },
      },
      required: ["relevance", "rating", "wordCount", "sentiment", "category", "hasImage"],
      additionalProperties: false,
    };
    const value = await generate(schema, newsPage, "How are inflation and interest rates evolving?");
    expect(value.relevance).toBeGreaterThan(0);
    expect(value.rating).toBeGreaterThanOrEqual(1);
    expect(value.wordCount).toBe(newsPage.analysis.text.split(/\s+/).length);
    expect(value.hasImage).toBe(true);
    expect(value.mentionsMortgages).toBe(true);
    expect(value.mentionsCrypto).toBe(false);
    expect(value.category).toBe("economy");
    expect(value.year).toBe(2024);
    expect(Object.keys(value).every((key) => key in schema.properties)).toBe(true);

    const culture = await generate(schema, frenchPage, "Quels films sont en compétition ?");
    expect(culture.hasImage).toBe(false);
  });

  it("follows $ref/$defs and formats date, email and uuid", async () => {
    const value = await generate({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      $defs: {
        person: {
          type: "object",
          properties: { name: { type: "string", minLength: 3 }, title: { type: "string" } },
          required: ["name", "title"],
        },
      },
      properties: {
        author: { $ref: "#/$defs/person" },
        quoted: { type: "array", items: { $ref: "#/$defs/person" }, maxItems: 2 },
        date: { type: "string", format: "date" },
        id: { type: "string", format: "uuid" },
        contact: { anyOf: [{ type: "string", format: "email" }, { type: "null" }] },
      },
      required: ["author", "quoted", "date", "id", "contact"],
    });
    expect(value.author).toEqual({ name: "Maria Lopez", title: "author" });
    expect(value.quoted).toEqual([
      { name: "Jerome Powell", title: "chair of the Federal Reserve" },
      { name: "Sarah Chen", title: "chief economist at Northwind Capital" },
    ]);
    expect(value.date).toBe("2024-03-20");
    expect(value.contact).toBeNull();
  });

  it("takes an email address from the text when the page shows one", async () => {
    const value = await generate(
      {
        type: "object",
        properties: { contactEmail: { type: "string", format: "email" } },
        required: ["contactEmail"],
      },
      guidePage,
    );
    expect(value.contactEmail).toBe("docs-team@example.org");
  });

  it("fills question and answer pairs from an FAQ", async () => {
    const value = await generate(
      {
        type: "object",
        properties: {
          faq: {
            type: "array",
            items: {
              type: "object",
              properties: { question: { type: "string" }, answer: { type: "string" } },
              required: ["question", "answer"],
            },
          },
        },
        required: ["faq"],
      },
      guidePage,
    );
    expect(value.faq[0].question).toBe("Is WebAssembly faster than JavaScript?");
    expect(value.faq[0].answer).toMatch(/two to three times faster/);
  });

  it("supports draft-07 schemas with definitions, tuples and uniqueItems", async () => {
    const value = await generate({
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      definitions: { point: { type: "string", maxLength: 140 } },
      properties: {
        keyPoints: {
          type: "array",
          items: { $ref: "#/definitions/point" },
          minItems: 3,
          maxItems: 3,
          uniqueItems: true,
        },
        pair: { type: "array", items: [{ type: "string" }, { type: "integer" }], additionalItems: false },
      },
      required: ["keyPoints", "pair"],
    });
    expect(value.keyPoints).toHaveLength(3);
    expect(value.pair).toHaveLength(2);
  });

  it("combines allOf parts and picks a working anyOf/oneOf branch", async () => {
    const value = await generate({
      allOf: [
        { type: "object", properties: { title: { type: "string" } }, required: ["title"] },
        {
          properties: { tags: { type: "array", items: { type: "string" }, minItems: 2 } },
          required: ["tags"],
        },
      ],
      properties: {
        result: {
          oneOf: [
            {
              type: "object",
              properties: { error: { type: "string" } },
              required: ["error"],
              additionalProperties: false,
            },
            {
              type: "object",
              properties: { answer: { type: "string" } },
              required: ["answer"],
              additionalProperties: false,
            },
          ],
        },
        level: {
          anyOf: [
            { type: "integer", minimum: 10, maximum: 5 },
            { type: "string", enum: ["low", "high"] },
          ],
        },
      },
      required: ["result", "level"],
      unevaluatedProperties: false,
    });
    expect(value.title).toBe(newsPage.analysis.title);
    expect(value.tags.length).toBeGreaterThanOrEqual(2);
    expect(typeof value.level).toBe("string");
  });

  it("satisfies patterns and length limits", async () => {
    const value = await generate({
      type: "object",
      properties: {
        code: { type: "string", pattern: "^[A-Z]{3}-\\d{4}$" },
        slug: { type: "string", pattern: "^[a-z0-9-]+$" },
        headline: { type: "string", maxLength: 30 },
        abstract: { type: "string", minLength: 400 },
      },
      required: ["code", "slug", "headline", "abstract"],
    });
    expect(value.slug).toBe("central-bank-holds-interest-rates-as-inflation-cools");
    expect(value.headline.length).toBeLessThanOrEqual(30);
    expect(value.headline.startsWith("Central bank")).toBe(true);
  });

  it("lists dated events and leaves them out of pages without dates", async () => {
    const schema = {
      type: "object",
      properties: {
        timeline: {
          type: "array",
          items: {
            type: "object",
            properties: { date: { type: "string" }, event: { type: "string" } },
            required: ["date", "event"],
          },
        },
      },
      required: ["timeline"],
    };
    const news = await generate(schema, newsPage);
    expect(news.timeline).toContainEqual({
      date: "2024-05-01",
      event: "The next policy meeting is scheduled for May 1, 2024.",
    });
    expect((await generate(schema, guidePage)).timeline).toEqual([]);
  });

  it("gives a free-form object the main facts", async () => {
    const value = await generate({ type: "object" });
    expect(value.title).toBe(newsPage.analysis.title);
    expect(value.url).toBe(newsPage.analysis.url);
    expect(typeof value.summary).toBe("string");
  });

  it("answers the prompt in text fields, differently for different prompts", async () => {
    const schema = { type: "object", properties: { answer: { type: "string" } }, required: ["answer"] };
    const housing = await generate(schema, newsPage, "What happened to mortgage rates?");
    const powell = await generate(schema, newsPage, "What did Jerome Powell say?");
    expect(housing.answer).toMatch(/Mortgage rates/);
    expect(powell.answer).toMatch(/Powell/);
    expect(housing.answer).not.toBe(powell.answer);
    expect(await generate(schema, newsPage, "What happened to mortgage rates?")).toEqual(housing);
  });

  it("still produces a valid object for a page without text", async () => {
    const value = await generate(
      {
        type: "object",
        properties: {
          title: { type: "string" },
          summary: { type: "string" },
          points: { type: "array", items: { type: "string" } },
        },
        required: ["title", "summary", "points"],
      },
      emptyPage,
    );
    expect(value.points).toEqual([]);
  });

  it("fails with a GenerationError when the schema cannot be satisfied", async () => {
    const impossible = {
      type: "object",
      properties: { n: { type: "integer", minimum: 5, maximum: 4 } },
      required: ["n"],
    };
    await expect(
      generator.generateJson({ prompt: "x", temperature: 0, page: newsPage, schema: impossible }),
    ).rejects.toThrow(/could not produce JSON matching the schema: n: /);
    const tooMany = {
      type: "object",
      properties: {
        faq: {
          type: "array",
          minItems: 50,
          items: { type: "object", properties: { question: { type: "string" } } },
        },
      },
      required: ["faq"],
    };
    const error = await generator
      .generateJson({ prompt: "x", temperature: 0, page: emptyPage, schema: tooMany })
      .catch((e) => e);
    expect(error).toBeInstanceOf(GenerationError);
    expect(error.upstream).toBe(false);
    expect(error.code).toBe("schema_unsatisfiable");
  });

  it("fills a 50 KB page's schema quickly", async () => {
    const schema = {
      type: "object",
      properties: {
        title: { type: "string" },
        summary: { type: "string" },
        keyPoints: { type: "array", items: { type: "string" } },
        people: {
          type: "array",
          items: { type: "object", properties: { name: { type: "string" }, role: { type: "string" } } },
        },
        sections: {
          type: "array",
          items: { type: "object", properties: { heading: { type: "string" }, summary: { type: "string" } } },
        },
      },
    };
    for (let variant = 0; variant < 3; variant++)
      await generate(schema, largePage(50_000, variant), "warm up");
    const timings: number[] = [];
    for (let variant = 10; variant < 15; variant++) {
      const page = largePage(50_000, variant); // a new text each time: no cached sentence model
      const started = performance.now();
      const value = await generator.generateJson({
        prompt: "What about inflation?",
        temperature: 0,
        page,
        schema,
      });
      timings.push(performance.now() - started);
      assertValid(schema, value);
    }
    expect([...timings].sort((a, b) => a - b)[2]).toBeLessThan(100);
  });
});
