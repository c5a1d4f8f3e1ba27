/**
 * Text answers about the product a page sells ("How much does it cost?", "Is it in stock?", "What is its
 * SKU?") come from what the page states (server/pages/statements/), the same model the schema filler reads;
 * on a page that sells nothing the same question is a question for its text.
 */
import { describe, expect, it } from "vitest";
import { createExtractiveGenerator } from "../../server/generate/extractive";
import { articlePage, jsonLd, PRODUCT_NAME, productJsonLd, shopPage } from "../fixtures/product-pages";

const generator = createExtractiveGenerator();
const ask = (prompt: string, page = shopPage({ head: jsonLd(productJsonLd()) })) =>
  generator.generateText({ prompt, temperature: 0, page });

describe("answers about the product a page sells", () => {
  it.each([
    "How much does it cost?",
    "What does this product cost?",
    "What's the price?",
    "Combien coûte ce produit ?",
    "Was kostet das?",
  ])("%s → the stated price with its currency", async (prompt) => {
    const answer = await ask(prompt);
    expect(answer).toContain("€89.90");
    expect(answer).toContain(PRODUCT_NAME);
  });

  it("says a stated out-of-stock product is not available", async () => {
    const page = shopPage({
      head: jsonLd(productJsonLd({ availability: "https://schema.org/OutOfStock" })),
    });
    expect(await ask("Is it in stock?", page)).toContain("**not available** (out of stock)");
    expect(await ask("Is it in stock?")).toContain("is **available**");
  });

  it("gives the stated SKU", async () => {
    expect(await ask("What is the SKU?")).toContain("**TR-4242**");
  });

  it("answers the same question from the text on a page that sells nothing", async () => {
    const answer = await ask("How much did the city spend?", articlePage());
    expect(answer).toContain("1.2 million euros");
    const price = await ask("How much does it cost?", articlePage());
    expect(price).not.toContain("costs **");
  });
});
