/**
 * Product schemas filled by the offline generator from what a page states (issue 42): the price, the SKU
 * and the availability by meaning on a shop page, and nothing invented on a page that sells nothing.
 * Pages are built from HTML with extractPage, so the whole path runs: markup → statements → filler.
 */
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { createExtractiveGenerator } from "../../server/generate/extractive";
import type { ExtractedPage } from "../../server/pages/types";
import { runPageJob } from "../../server/work/run-page-job";
import {
  ARTICLE_URL,
  articleHtml,
  articlePage,
  jsonLd,
  PRODUCT_BLURB,
  PRODUCT_NAME,
  PRODUCT_URL,
  productJsonLd,
  shopHtml,
  shopPage,
} from "../fixtures/product-pages";

const generator = createExtractiveGenerator();
const PROMPT = "Extract the product's price, availability and SKU.";

/** An ajv of the test's own checks every result against its schema. */
function assertValid(schema: Record<string, unknown>, value: unknown): void {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const validate = ajv.compile(schema);
  validate(value);
  expect(validate.errors ?? [], JSON.stringify(value)).toEqual([]);
}

async function generate(schema: Record<string, unknown>, page: ExtractedPage) {
  const value = await generator.generateJson({ prompt: PROMPT, temperature: 0, page, schema });
  assertValid(schema, value);
  return value as Record<string, any>;
}

const object = (properties: Record<string, unknown>, required: string[] = Object.keys(properties)) => ({
  type: "object",
  properties,
  required,
});

const PRICE_DESCRIPTION = "the product's current price as a number without currency";
const SKU_DESCRIPTION = "the identifier the shop uses for this product";
const AVAILABILITY = { type: "string", enum: ["InStock", "OutOfStock"] };

/** The three wordings of a shop's schema: price a string with descriptions, a number, no descriptions. */
const WORDINGS = {
  "price a string, with descriptions": object({
    price: { type: "string", description: PRICE_DESCRIPTION },
    availability: AVAILABILITY,
    sku: { type: "string", description: SKU_DESCRIPTION },
  }),
  "price a number": object({
    price: { type: "number", description: PRICE_DESCRIPTION },
    availability: AVAILABILITY,
    sku: { type: "string", description: SKU_DESCRIPTION },
  }),
  "no descriptions": object({
    price: { type: "string" },
    availability: AVAILABILITY,
    sku: { type: "string" },
  }),
};

/** The same product stated three ways: JSON-LD, microdata, and only shown. */
const PRODUCT_PAGES = {
  "JSON-LD": () =>
    shopPage({
      head: jsonLd(productJsonLd({ price: "1299.00" })),
      main: `<h1>${PRODUCT_NAME}</h1><p class="price">1.299,00 €</p>${PRODUCT_BLURB}`,
    }),
  microdata: () =>
    shopPage({
      main: `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">${PRODUCT_NAME}</h1>
        <p>Item number: <span itemprop="sku">TR-4242</span></p>
        <div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
          <span itemprop="price" content="1299.00">1.299,00 €</span><meta itemprop="priceCurrency" content="EUR">
          <link itemprop="availability" href="https://schema.org/InStock"></div>${PRODUCT_BLURB}</div>`,
    }),
  "only shown": () =>
    shopPage({
      main: `<h1>${PRODUCT_NAME}</h1><div class="product-price"><del>1.499,00 €</del>
        <span class="price">1.299,00 €</span></div><p>SKU: TR-4242</p>
        <button type="submit" class="single-add-to-cart">In den Warenkorb</button>${PRODUCT_BLURB}`,
    }),
};

describe("a product page", () => {
  for (const [pageName, makePage] of Object.entries(PRODUCT_PAGES)) {
    it.each(Object.entries(WORDINGS))(
      `(${pageName}) fills price, availability and SKU: %s`,
      async (_, schema) => {
        const value = await generate(schema, makePage());
        const numeric = (schema.properties.price as { type: string }).type === "number";
        expect(value).toEqual({ price: numeric ? 1299 : "1299", availability: "InStock", sku: "TR-4242" });
      },
    );
  }

  it("fills the currency (priceCurrency is not a price) and the brand from the markup", async () => {
    const page = shopPage({ head: jsonLd(productJsonLd()) });
    const value = await generate(
      object({
        price: { type: "number" },
        priceCurrency: { type: "string" },
        currency: { type: "string" },
        brand: { type: "string" },
        // A name that says nothing: the description names a price, "without currency" notwithstanding.
        value: { type: "number", description: PRICE_DESCRIPTION },
      }),
      page,
    );
    expect(value).toEqual({
      price: 89.9,
      priceCurrency: "EUR",
      currency: "EUR",
      brand: "Stridewell",
      value: 89.9,
    });
  });

  it("adds no note to the text when the page states every required field", async () => {
    const result = await runPageJob({
      page: { url: PRODUCT_URL, contentType: "text/html", body: shopHtml({ head: jsonLd(productJsonLd()) }) },
      prompt: PROMPT,
      temperature: 0,
      schema: WORDINGS["price a string, with descriptions"],
      generate: true,
    });
    if (!result.ok) throw new Error(result.failure.message);
    expect(result.content?.jsonContent).toEqual({ price: "89.9", availability: "InStock", sku: "TR-4242" });
    expect(result.content?.textContent).not.toContain("does not state");
  });
});

describe("an availability enum, by meaning", () => {
  const inStock = () => shopPage({ head: jsonLd(productJsonLd()) });
  const outOfStock = () =>
    shopPage({ head: jsonLd(productJsonLd({ availability: "https://schema.org/OutOfStock" })) });
  const germanOutOfStock = () =>
    shopPage({
      title: "Trail Runner 42 Laufschuh",
      lang: "de",
      url: "https://shop.example/de/laufschuhe/trail-runner.html",
      main: `<h1>Trail Runner 42 Laufschuh</h1><p class="preis">89,90 €</p>
        <p class="lieferstatus">Derzeit nicht verfügbar</p><p>Art.-Nr.: 12345678</p>
        <p>Ein leichter Laufschuh für schlammige Wege, mit griffiger Sohle und einem atmungsaktiven Obermaterial, das nach einer Flussquerung schnell trocknet.</p>`,
    });

  it.each([
    [["in_stock", "sold_out"], "in_stock", "sold_out"],
    [["Available", "Unavailable"], "Available", "Unavailable"],
    [["OutOfStock", "InStock"], "InStock", "OutOfStock"],
    // The value that means exactly what the markup states: OutOfStock is "Out of stock", not "Sold out".
    [["Sold out", "Out of stock", "In stock"], "In stock", "Out of stock"],
  ])("%j: %s in stock, %s out of stock", async (values, whenInStock, whenOutOfStock) => {
    const schema = object({ availability: { type: "string", enum: values } });
    expect((await generate(schema, inStock())).availability).toBe(whenInStock);
    expect((await generate(schema, outOfStock())).availability).toBe(whenOutOfStock);
    expect((await generate(schema, germanOutOfStock())).availability).toBe(whenOutOfStock);
  });

  it("reads an enum by its values whatever the property is called", async () => {
    const schema = object({ status: { type: "string", enum: ["purchasable", "sold_out", "in_stock"] } });
    expect((await generate(schema, inStock())).status).toBe("in_stock");
    expect((await generate(schema, outOfStock())).status).toBe("sold_out");
  });
});

describe("never invent", () => {
  it("leaves optional product fields out of a news article", async () => {
    const value = await generate(
      {
        type: "object",
        properties: {
          title: { type: "string" },
          price: { type: "string", description: PRICE_DESCRIPTION },
          priceAmount: { type: "number" },
          currency: { type: "string" },
          availability: AVAILABILITY,
          inStock: { type: "string", enum: ["yes", "sold out"] },
          sku: { type: "string", description: SKU_DESCRIPTION },
          gtin: { type: "string" },
          brand: { type: "string" },
        },
        required: ["title"],
      },
      articlePage(),
    );
    expect(value).toEqual({ title: "Otters return to the city canals" });
  });

  it("gives required product fields placeholders, not the page's numbers, ids or word count", async () => {
    const page = articlePage();
    const { words } = await generate(object({ words: { type: "integer", description: "word count" } }), page);
    expect(words).toBeGreaterThan(40);
    const value = await generate(
      object({
        price: { type: "string", minLength: 4 },
        cost: { type: "number" },
        priceInCents: { type: "integer", minimum: 100 },
        sku: { type: "string" },
        productNumber: { type: "integer" },
        id: { type: "string", description: SKU_DESCRIPTION },
      }),
      page,
    );
    expect(value.price).not.toMatch(/\d/);
    expect(value.cost).toBe(0);
    expect(value.priceInCents).toBe(100);
    expect(value.productNumber).toBe(0);
    expect(value.productNumber).not.toBe(words);
    for (const code of [value.sku, value.id]) {
      expect(code).not.toMatch(/\d/);
      expect(code).not.toMatch(/^pg_/);
      expect(code).not.toBe(page.analysis.id);
    }
  });

  it("ends the analysis's text with a note naming the required fields the page does not state", async () => {
    const result = await runPageJob({
      page: { url: ARTICLE_URL, contentType: "text/html", body: articleHtml() },
      prompt: PROMPT,
      temperature: 0,
      schema: object(
        {
          title: { type: "string" },
          price: { type: "string", description: PRICE_DESCRIPTION },
          availability: AVAILABILITY,
          sku: { type: "string", description: SKU_DESCRIPTION },
        },
        ["title", "price", "sku"],
      ),
      generate: true,
    });
    if (!result.ok) throw new Error(result.failure.message);
    const { textContent, jsonContent } = result.content ?? {};
    expect(jsonContent).toEqual({ title: "Otters return to the city canals", price: "", sku: "" });
    // The last paragraph names the required fields left unstated (not the optional availability).
    expect(textContent?.split("\n\n").at(-1)).toBe(
      "The page does not state “price”, “sku”: the schema requires them, so they hold a placeholder.",
    );
  });

  it("gives null where the schema allows it", async () => {
    const value = await generate(
      object({
        price: { type: ["string", "null"], description: PRICE_DESCRIPTION },
        amount: { type: ["number", "null"], description: PRICE_DESCRIPTION },
        availability: { enum: ["InStock", "OutOfStock", null] },
        sku: { anyOf: [{ type: "string" }, { type: "null" }] },
      }),
      articlePage(),
    );
    expect(value).toEqual({ price: null, amount: null, availability: null, sku: null });
  });

  it("does not take an out-of-stock page's shown price for the product's", async () => {
    const page = shopPage({
      main: `<h1>${PRODUCT_NAME}</h1><p class="price">89,90 €</p><p class="stock">Sold out</p>${PRODUCT_BLURB}`,
    });
    const value = await generate(
      object({ price: { type: ["string", "null"] }, availability: AVAILABILITY }, ["price", "availability"]),
      page,
    );
    expect(value).toEqual({ price: null, availability: "OutOfStock" });
  });
});

describe("a field named id", () => {
  const schema = object({ id: { type: "string", description: SKU_DESCRIPTION } });

  it("described as the shop's identifier is the product's code, not the analysis id", async () => {
    const page = shopPage({ head: jsonLd(productJsonLd()) });
    expect(await generate(schema, page)).toEqual({ id: "TR-4242" });
  });

  it("described as the shop's identifier takes the code the page labels", async () => {
    const page = shopPage({
      main: `<h1>${PRODUCT_NAME}</h1><span class="price">89,90 €</span><p>Art.-Nr.: 12345678</p>${PRODUCT_BLURB}`,
    });
    expect(await generate(schema, page)).toEqual({ id: "12345678" });
  });

  it("without a description is still the analysis id", async () => {
    const page = shopPage({ head: jsonLd(productJsonLd()) });
    expect(await generate(object({ id: { type: "string" } }), page)).toEqual({ id: page.analysis.id });
  });
});
