/**
 * What a page states (server/pages/statements/): each structured syntax (JSON-LD in its many shapes,
 * microdata, RDFa, product meta tags), what a page only shows, price locales and availability phrases.
 * Pages go through extractPage, so `ExtractedPage.statements` is what the rest of the service reads.
 */
import { describe, expect, it } from "vitest";
import { availabilityOfMarkup, availabilityOfText } from "../../server/pages/statements/availability";
import { parsePrice } from "../../server/pages/statements/stated-price";
import { parseJsonLd, readStructuredData } from "../../server/pages/statements/structured-data";
import {
  articlePage,
  jsonLd,
  PRODUCT_BLURB,
  PRODUCT_NAME,
  PRODUCT_URL,
  productJsonLd,
  shopPage,
} from "../fixtures/product-pages";

const HEADING = `<h1>${PRODUCT_NAME}</h1>`;

describe("JSON-LD", () => {
  it("reads a Product with a nested Offer: name, brand, price, currency, availability, SKU", () => {
    const { statements } = shopPage({ head: jsonLd(productJsonLd()) });
    expect(statements.types).toEqual(["Product"]);
    expect(statements.properties).toMatchObject({
      name: [PRODUCT_NAME],
      "brand.name": ["Stridewell"],
      "offers.price": ["89.90"],
      "offers.priceCurrency": ["EUR"],
    });
    expect(statements.product).toEqual({
      name: PRODUCT_NAME,
      brand: "Stridewell",
      price: { amount: 89.9, currency: "EUR", source: "markup" },
      availability: "InStock",
      availabilitySource: "markup",
      identifiers: [{ kind: "sku", value: "TR-4242" }],
    });
  });

  it("finds the Product inside an @graph beside the WebSite and the BreadcrumbList", () => {
    const graph = {
      "@context": "https://schema.org",
      "@graph": [
        {
          "@type": "WebSite",
          "@id": "https://shop.example/#website",
          name: "Stridewell Shop",
          url: "https://shop.example/",
        },
        {
          "@type": "BreadcrumbList",
          itemListElement: [
            { "@type": "ListItem", position: 1, name: "Shoes", item: "https://shop.example/shoes/" },
            { "@type": "ListItem", position: 2, name: PRODUCT_NAME },
          ],
        },
        { ...productJsonLd({ price: "74.00" }), "@context": undefined },
      ],
    };
    const { statements } = shopPage({ head: jsonLd(graph) });
    expect(statements.types).toEqual(["Product"]);
    expect(statements.product?.price).toEqual({ amount: 74, currency: "EUR", source: "markup" });
    expect(statements.product?.identifiers[0]).toEqual({ kind: "sku", value: "TR-4242" });
  });

  it("reads a block that is an array of nodes", () => {
    const block = [
      { "@context": "https://schema.org", "@type": "Organization", name: "Stridewell Shop" },
      productJsonLd({ price: "64.50", priceCurrency: "GBP" }),
    ];
    const { statements } = shopPage({ head: jsonLd(block) });
    expect(statements.types).toEqual(["Product"]);
    expect(statements.product?.price).toEqual({ amount: 64.5, currency: "GBP", source: "markup" });
  });

  it("takes an AggregateOffer's lowPrice", () => {
    const product = productJsonLd();
    product.offers = {
      "@type": "AggregateOffer",
      lowPrice: "74.50",
      highPrice: "99.00",
      offerCount: "3",
      priceCurrency: "GBP",
    } as never;
    const { statements } = shopPage({ head: jsonLd(product) });
    expect(statements.product?.price).toEqual({ amount: 74.5, currency: "GBP", source: "markup" });
  });

  it("takes the price of an offer's priceSpecification", () => {
    const product = productJsonLd();
    product.offers = {
      "@type": "Offer",
      availability: "https://schema.org/InStock",
      priceSpecification: { "@type": "UnitPriceSpecification", price: "129.00", priceCurrency: "CHF" },
    } as never;
    const { statements } = shopPage({ head: jsonLd(product) });
    expect(statements.product?.price).toEqual({ amount: 129, currency: "CHF", source: "markup" });
  });

  it("reads schema.org URLs as values and as types", () => {
    const block = {
      "@context": "http://schema.org",
      "@type": "http://schema.org/Product",
      name: PRODUCT_NAME,
      offers: {
        "@type": "http://schema.org/Offer",
        price: 59,
        priceCurrency: "USD",
        availability: "https://schema.org/OutOfStock",
      },
    };
    const { statements } = shopPage({ head: jsonLd(block) });
    expect(statements.types).toEqual(["Product"]);
    expect(statements.product?.availability).toBe("OutOfStock");
    expect(statements.product?.availabilitySource).toBe("markup");
    expect(statements.product?.price).toEqual({ amount: 59, currency: "USD", source: "markup" });
  });

  it.each([
    ["/*<![CDATA[*/ … /*]]>*/", (json: string) => `/*<![CDATA[*/ ${json} /*]]>*/`],
    ["//<![CDATA[ … //]]>", (json: string) => `//<![CDATA[\n${json}\n//]]>`],
    ["<!-- … -->", (json: string) => `<!--\n${json}\n-->`],
    [
      "raw line breaks inside strings and a trailing comma",
      (json: string) => json.replace('"Stridewell"', '"Stride\nwell"').replace(/}$/, ",}"),
    ],
  ])("reads a block wrapped as %s", (_, wrap) => {
    const { statements } = shopPage({
      head: jsonLd(wrap(JSON.stringify(productJsonLd({ price: "59.00" })))),
    });
    expect(statements.types).toEqual(["Product"]);
    expect(statements.product?.price).toEqual({ amount: 59, currency: "EUR", source: "markup" });
  });

  it("still reads a good block when the one before it is broken", () => {
    const broken =
      '{"@context": "https://schema.org", "@type": "Organization", "name": "Stridewell" "url": }';
    expect(parseJsonLd(broken)).toBeUndefined();
    const { statements } = shopPage({ head: jsonLd(broken) + jsonLd(productJsonLd()) });
    expect(statements.types).toEqual(["Product"]);
    expect(statements.product?.price?.amount).toBe(89.9);
    expect(statements.product?.identifiers[0]?.value).toBe("TR-4242");
  });

  /** A related product from a "you may also like" carousel, stated more fully than the page's own. */
  const carouselProduct = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: "Forest Hiker waterproof leather boot",
    sku: "FH-7777",
    description: "A waterproof leather boot for long hikes.",
    color: "brown",
    material: "leather",
    image: "https://shop.example/images/forest-hiker.jpg",
    aggregateRating: { "@type": "AggregateRating", ratingValue: "4.8", reviewCount: "95" },
    offers: {
      "@type": "Offer",
      price: "149.00",
      priceCurrency: "EUR",
      availability: "https://schema.org/OutOfStock",
    },
  };

  it.each([
    ["after", [productJsonLd(), carouselProduct]],
    ["before", [carouselProduct, productJsonLd()]],
  ])("takes the product the page's title names, with a carousel product %s it", (_, blocks) => {
    const { statements } = shopPage({ head: blocks.map(jsonLd).join("") });
    expect(statements.product?.name).toBe(PRODUCT_NAME);
    expect(statements.product?.price?.amount).toBe(89.9);
    expect(statements.product?.availability).toBe("InStock");
    expect(statements.product?.identifiers.map(({ value }) => value)).not.toContain("FH-7777");
  });

  it("with several offers: in stock if any offer is, at the lowest price", () => {
    const product = productJsonLd();
    product.offers = [
      {
        "@type": "Offer",
        price: "95.00",
        priceCurrency: "EUR",
        availability: "https://schema.org/OutOfStock",
      },
      { "@type": "Offer", price: "84.00", priceCurrency: "EUR", availability: "https://schema.org/InStock" },
      { "@type": "Offer", price: "79.00", priceCurrency: "EUR", availability: "https://schema.org/InStock" },
    ] as never;
    const { statements } = shopPage({ head: jsonLd(product) });
    expect(statements.product?.availability).toBe("InStock");
    expect(statements.product?.price).toEqual({ amount: 79, currency: "EUR", source: "markup" });
  });

  it("keeps JSON-LD, microdata and RDFa apart by source", () => {
    const html = `<html><body><div itemscope itemtype="https://schema.org/Product"><span itemprop="name">A</span></div>
      <div vocab="https://schema.org/" typeof="Event"><span property="name">B</span></div></body></html>`;
    const nodes = readStructuredData(html, [JSON.stringify({ "@type": "Recipe", name: "C" })], PRODUCT_URL);
    expect(nodes.map(({ types, source, properties }) => [types, source, properties.name])).toEqual([
      [["Recipe"], "json-ld", ["C"]],
      [["Product"], "microdata", ["A"]],
      [["Event"], "rdfa", ["B"]],
    ]);
  });
});

describe("microdata", () => {
  it("reads a Product whose Offer holds a price in `content`, a SKU and a linked availability", () => {
    const main = `<div itemscope itemtype="https://schema.org/Product">
        <h1 itemprop="name">${PRODUCT_NAME}</h1>
        <p>SKU <span itemprop="sku">TR-4242</span></p>
        <div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
          <span itemprop="price" content="89.90">89,90&nbsp;€</span>
          <meta itemprop="priceCurrency" content="EUR">
          <link itemprop="availability" href="https://schema.org/InStock">
        </div>
        ${PRODUCT_BLURB}
      </div>`;
    const { statements } = shopPage({ main });
    expect(statements.types).toEqual(["Product"]);
    expect(statements.properties["offers.availability"]).toEqual(["https://schema.org/InStock"]);
    expect(statements.product).toMatchObject({
      name: PRODUCT_NAME,
      price: { amount: 89.9, currency: "EUR", source: "markup" },
      availability: "InStock",
      availabilitySource: "markup",
    });
    expect(statements.product?.identifiers[0]).toEqual({ kind: "sku", value: "TR-4242" });
  });

  it("reads the price and availability a Product states itself, without an Offer", () => {
    // The markup says out of stock and "23.450" is a price with a decimal point, as schema.org has it;
    // the page shows neither a stock line nor a price that could stand in for them.
    const main = `<div itemscope itemtype="https://schema.org/Product">
        <h1 itemprop="name">${PRODUCT_NAME}</h1>
        <span itemprop="sku">TR-4242</span>
        <meta itemprop="price" content="23.450">
        <meta itemprop="priceCurrency" content="EUR">
        <link itemprop="availability" href="https://schema.org/OutOfStock">
        ${PRODUCT_BLURB}
      </div>`;
    const { statements } = shopPage({ main });
    expect(statements.product).toMatchObject({
      price: { amount: 23.45, currency: "EUR", source: "markup" },
      availability: "OutOfStock",
      availabilitySource: "markup",
    });
  });
});

describe("RDFa", () => {
  it("reads a Product with an Offer under vocab and typeof", () => {
    const main = `<h1 property="name">${PRODUCT_NAME}</h1>
      <span property="sku">TR-4242</span>
      <div property="offers" typeof="Offer">
        <span property="price" content="129.00">CHF 129.–</span>
        <meta property="priceCurrency" content="CHF">
        <link property="availability" href="https://schema.org/OutOfStock">Sold out
      </div>${PRODUCT_BLURB}`;
    const { statements } = shopPage({ main, mainAttributes: 'vocab="https://schema.org/" typeof="Product"' });
    expect(statements.types).toEqual(["Product"]);
    expect(statements.product).toMatchObject({
      name: PRODUCT_NAME,
      price: { amount: 129, currency: "CHF", source: "markup" },
      availability: "OutOfStock",
      availabilitySource: "markup",
    });
    expect(statements.product?.identifiers[0]).toEqual({ kind: "sku", value: "TR-4242" });
  });
});

describe("product meta tags", () => {
  const meta = (tags: Record<string, string>) =>
    Object.entries(tags)
      .map(([property, content]) => `<meta property="${property}" content="${content}">`)
      .join("");

  it("prefers the sale price to og:price:amount and product:price:amount", () => {
    const { statements } = shopPage({
      head: meta({
        "og:type": "product",
        "og:price:amount": "79.00",
        "og:price:currency": "EUR",
        "product:price:amount": "79.00",
        "product:price:currency": "EUR",
        "product:sale_price:amount": "64.00",
        "product:sale_price:currency": "EUR",
      }),
    });
    expect(statements.types).toEqual([]);
    expect(statements.product?.price).toEqual({ amount: 64, currency: "EUR", source: "meta" });
  });

  it("reads og:price:amount and product:price:amount alone", () => {
    const og = shopPage({ head: meta({ "og:price:amount": "1299.00", "og:price:currency": "PLN" }) });
    expect(og.statements.product?.price).toEqual({ amount: 1299, currency: "PLN", source: "meta" });
    const product = shopPage({
      head: meta({ "product:price:amount": "19.5", "product:price:currency": "usd" }),
    });
    expect(product.statements.product?.price).toEqual({ amount: 19.5, currency: "USD", source: "meta" });
  });

  it('reads product:availability "oos" as out of stock', () => {
    const { statements } = shopPage({
      head: meta({ "product:price:amount": "79.00", "product:availability": "oos" }),
    });
    expect(statements.product?.availability).toBe("OutOfStock");
    expect(statements.product?.availabilitySource).toBe("meta");
  });
});

describe("what the page only shows", () => {
  it("takes the current price in the price element, not the crossed-out one or a carousel's", () => {
    const main = `${HEADING}
      <p class="price"><del><span class="price-amount">119,00&nbsp;€</span></del>
        <ins><span class="price-amount">89,90&nbsp;€</span></ins></p>
      <p>Art.-Nr.: 12345678</p>
      ${PRODUCT_BLURB}`;
    const after = `<aside><h2>You may also like</h2>
      <div class="product-card"><h3>Forest Hiker boot</h3><span class="price">49,00 €</span></div></aside>`;
    const { statements } = shopPage({ main, after });
    expect(statements.types).toEqual([]);
    expect(statements.product?.price).toEqual({ amount: 89.9, currency: "EUR", source: "page" });
    // A price and nothing against it: the product can be bought, and says so as inferred.
    expect(statements.product?.availability).toBe("InStock");
    expect(statements.product?.availabilitySource).toBe("inferred");
    expect(statements.product?.identifiers[0]).toEqual({ kind: "labelled", value: "12345678" });
  });

  it("reads a crossed-out list price beside a named current price", () => {
    const main = `${HEADING}<div class="product-price"><s>$129.00</s> <span class="price-now">$1,099.00</span></div>
      <p>SKU: AB-1234</p><button class="btn">Add to cart</button>${PRODUCT_BLURB}`;
    const { statements } = shopPage({ main });
    expect(statements.product?.price).toEqual({ amount: 1099, currency: "USD", source: "page" });
    expect(statements.product?.availability).toBe("InStock");
    expect(statements.product?.availabilitySource).toBe("page");
    expect(statements.product?.identifiers[0]).toEqual({ kind: "labelled", value: "AB-1234" });
  });

  it.each([
    ["a stock line", '<p class="availability">Derzeit nicht verfügbar</p>'],
    ["a plain line under the heading", "<p>Derzeit nicht verfügbar</p>"],
  ])('reads "Derzeit nicht verfügbar" in %s as out of stock, and keeps no price beside it', (_, line) => {
    const main = `<h1>Trail Runner 42 Laufschuh</h1><p class="preis">89,90 €</p>${line}
      <p>Art.-Nr.: 12345678</p>
      <p>Ein leichter Laufschuh für schlammige Wege, mit griffiger Sohle und einem atmungsaktiven Obermaterial, das nach einer Flussquerung schnell trocknet.</p>`;
    const { statements } = shopPage({
      main,
      title: "Trail Runner 42 Laufschuh",
      lang: "de",
      url: "https://shop.example/de/laufschuhe/trail-runner.html",
    });
    expect(statements.product?.availability).toBe("OutOfStock");
    expect(statements.product?.availabilitySource).toBe("page");
    // A price shown beside "not available" is not taken for the product's.
    expect(statements.product?.price).toBeUndefined();
    expect(statements.product?.identifiers).toEqual([{ kind: "labelled", value: "12345678" }]);
  });

  it("states no product on a news article, even with numbers and a NewsArticle in JSON-LD", () => {
    expect(articlePage().statements).toEqual({ types: [], properties: {} });
    const withJsonLd = articlePage(
      jsonLd({
        "@context": "https://schema.org",
        "@type": "NewsArticle",
        headline: "Otters return to the city canals",
        author: { "@type": "Person", name: "Ines Okafor" },
        datePublished: "2025-04-02T08:00:00Z",
      }),
    );
    expect(withJsonLd.statements.types).toEqual(["NewsArticle"]);
    expect(withJsonLd.statements.properties["author.name"]).toEqual(["Ines Okafor"]);
    expect(withJsonLd.statements.product).toBeUndefined();
  });
});

describe("parsePrice", () => {
  it.each([
    ["1.234,56 €", 1234.56, "EUR"],
    ["CHF 19.50", 19.5, "CHF"],
    ["2,900원", 2900, "KRW"],
    ["1 299,00 zł", 1299, "PLN"],
    ["1\u00a0299,00\u00a0zł", 1299, "PLN"],
    ["$1,299.99", 1299.99, "USD"],
    ["£7.50", 7.5, "GBP"],
    ["¥12,800", 12800, "JPY"],
    ["1'299.50 CHF", 1299.5, "CHF"],
    ["23.450 €", 23450, "EUR"],
  ])("reads %s as %d %s", (text, amount, currency) => {
    expect(parsePrice(text)).toEqual({ amount, currency });
  });

  it("reads a price without a currency", () => {
    expect(parsePrice("19,99")).toEqual({ amount: 19.99 });
    expect(parsePrice("119.01")).toEqual({ amount: 119.01 });
  });

  it("reads a markup value's lone dot as the decimal point, and a shown one as grouping thousands", () => {
    expect(parsePrice("23.450", { markup: true })).toEqual({ amount: 23.45 });
    expect(parsePrice("23.450")).toEqual({ amount: 23450 });
    expect(parsePrice("23,450", { markup: true })).toEqual({ amount: 23450 });
  });

  it("finds no price where there is no number", () => {
    expect(parsePrice("Price on request")).toBeUndefined();
    expect(parsePrice("")).toBeUndefined();
  });
});

describe("availability", () => {
  it.each([
    "out of stock",
    "Out-of-stock",
    "Sold out",
    "Currently unavailable",
    "nicht verfügbar",
    "Derzeit nicht verfügbar",
    "Ausverkauft",
    "épuisé",
    "Rupture de stock",
    "Agotado",
    "Esaurito",
    "Нет в наличии",
    "在庫切れ",
    "품절",
  ])("reads %s as OutOfStock", (phrase) => {
    expect(availabilityOfText(phrase)).toBe("OutOfStock");
  });

  it.each(["In stock", "Auf Lager", "Add to cart", "En stock", "Disponible", "Op voorraad", "在庫あり"])(
    "reads %s as InStock",
    (phrase) => {
      expect(availabilityOfText(phrase)).toBe("InStock");
    },
  );

  it("says nothing of text that does not speak of stock", () => {
    expect(availabilityOfText("Free delivery on orders over 50 €")).toBeUndefined();
    expect(availabilityOfText("Runners rate it 4.6 out of 5")).toBeUndefined();
  });

  it.each([
    ["http://schema.org/InStock", "InStock"],
    ["https://schema.org/OutOfStock", "OutOfStock"],
    ["https://schema.org/PreOrder", "PreOrder"],
    ["http://schema.org/Discontinued", "Discontinued"],
    ["SoldOut", "SoldOut"],
    ["instock", "InStock"],
    ["in stock", "InStock"],
    ["in_stock", "InStock"],
    ["oos", "OutOfStock"],
    ["out of stock", "OutOfStock"],
    ["pending", "PreOrder"],
  ])("reads the markup value %s as %s", (value, expected) => {
    expect(availabilityOfMarkup(value)).toBe(expected);
  });

  it("reads no availability from an unknown markup value", () => {
    expect(availabilityOfMarkup("https://schema.org/Thing")).toBeUndefined();
  });
});
