/**
 * `npm run bench:products`: the reference service on the tuning half of Zyte's product-extraction-benchmark
 * (../shared/testdata/product-benchmark, 70 shop pages), scored with the benchmark's own metric beside the
 * published predictions of Zyte, Diffbot and extruct.
 *
 * The pages are served over local HTTPS (product-pages-site.ts) and analyzed by the real service in its own
 * process (`--allow-private-networks --render auto`, the offline generator unless `--llm`), through
 * POST /v1/links: 10 links a request, 2 requests at a time, one prompt, and a response schema of price,
 * availability and SKU in three wordings (`WORDINGS`). Each answer's `jsonContent` becomes a prediction in
 * evaluate.py's format (`predictionOf`), a failed page predicts nothing. For each wording it prints F1,
 * precision and recall per attribute and system, the pages that failed with their codes, whether
 * evaluate.py itself gives ours the same figures (where a python3 with `tabulate` runs), and writes the
 * predictions where evaluate.py can read them (the path is printed).
 *
 *   --wording a|b|c   one wording only (default: all three)
 *   --pages N         the first N pages only (by id)
 *   --show-errors     every page where ours is wrong or silent: page id, the true values, ours
 *   --llm             keep LLM_BASE_URL, LLM_MODEL and LLM_API_KEY for the service (else they are unset)
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { AnalyzeResponse, ErrorBody, JsonSchemaDocument } from "../lib/api/contract";
import { normalizeLink } from "../lib/links/link-check";
import { type ServiceProcess, startServiceProcess } from "../tests/helpers/service-process";
import { sharedTestdata } from "../tests/helpers/shared-testdata";
import { printTable } from "./print-table";
import {
  evaluateProductsWithPython,
  firstPages,
  loadProductBenchmark,
  type ProductBenchmark,
  type ProductPage,
  productScorerPython,
} from "./product-benchmark";
import {
  ATTRIBUTES,
  type Attribute,
  type AttributeScore,
  isDecimal,
  type Prediction,
  type Predictions,
  scoreAll,
} from "./product-benchmark-score";
import { startProductPagesSite } from "./product-pages-site";

const KEY = "lk_bench_products";
const PROMPT = "Extract the product's price, availability and SKU.";
const LINKS_PER_REQUEST = 10;
const REQUESTS_AT_ONCE = 2;
const OURS = "ours";
/** The published systems, in the order the table lists them after ours. */
const SYSTEM_ORDER = ["Zyte", "Diffbot", "extruct"];
const OUTPUT_DIR = join(tmpdir(), "linklens-bench-products");

const AVAILABILITY = ["InStock", "OutOfStock"];
const AVAILABILITY_FIELD = { type: "string", enum: AVAILABILITY };
const SKU_FIELD = { type: "string", description: "the identifier the shop uses for this product" };

interface Wording {
  name: string;
  label: string;
  schema: JsonSchemaDocument;
}

const WORDINGS: Wording[] = [
  {
    name: "a",
    label: "price a string, with descriptions",
    schema: {
      type: "object",
      properties: {
        price: { type: "string", description: "the product's current price as a number without currency" },
        availability: AVAILABILITY_FIELD,
        sku: SKU_FIELD,
      },
    },
  },
  {
    // Price as a JSON number, described as a shop would say it ("without currency" goes without saying for a
    // number); availability and SKU as in a.
    name: "b",
    label: "price a number",
    schema: {
      type: "object",
      properties: {
        price: { type: "number", description: "the product's current price" },
        availability: AVAILABILITY_FIELD,
        sku: SKU_FIELD,
      },
    },
  },
  {
    name: "c",
    label: "no descriptions",
    schema: {
      type: "object",
      properties: {
        price: { type: "string" },
        availability: { enum: AVAILABILITY },
        sku: { type: "string" },
      },
    },
  },
];

/** What a page became: an answer's JSON, or the failure's code. */
type Outcome = { json: Record<string, unknown> } | { failure: string };

/** A prediction as written for evaluate.py, with what the service answered (evaluate.py reads neither). */
type WrittenPrediction = Prediction & { answer?: Record<string, unknown>; failure?: string };

/**
 * A prediction in evaluate.py's format from an answer's JSON. A blank string predicts nothing. A price that
 * `Decimal()` cannot read (evaluate.py would stop on it) is written as "NaN", a decimal equal to no price,
 * so that it counts as a wrong prediction. The availability also sets the attribute of its name
 * (`InStock` or `OutOfStock`), as the published predictions do.
 */
function predictionOf(json: Record<string, unknown>): Prediction {
  const prediction: Prediction = {};
  const text = (value: unknown) =>
    typeof value === "number" && Number.isFinite(value)
      ? String(value)
      : typeof value === "string" && value.trim() !== ""
        ? value
        : undefined;
  const price = text(json.price);
  if (price !== undefined) prediction.price = isDecimal(price) ? price : "NaN";
  const sku = text(json.sku);
  if (sku !== undefined) prediction.sku = sku;
  const availability = text(json.availability);
  if (availability !== undefined) {
    prediction.availability = availability;
    if (availability === "InStock" || availability === "OutOfStock") prediction[availability] = availability;
  }
  return prediction;
}

/** One POST /v1/links: each link's outcome, in the links' order. */
async function analyze(
  service: ServiceProcess,
  links: string[],
  schema: JsonSchemaDocument,
): Promise<Outcome[]> {
  const response = await fetch(`${service.url}/v1/links`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": KEY },
    body: JSON.stringify({
      link: links,
      prompt: PROMPT,
      responseFormat: { type: "json_schema", json_schema: { name: "product", schema } },
    }),
  });
  if (!response.ok) {
    // 422: every link failed, each named in the details with its code; any other refusal fails them all.
    const { error } = (await response.json()) as ErrorBody;
    const codes = new Map(
      (error.details ?? []).map((detail) => [normalizeLink(String(detail.link)), String(detail.code)]),
    );
    return links.map((link) => ({
      failure: codes.get(normalizeLink(link)) ?? `${response.status} ${error.code}`,
    }));
  }
  const body = (await response.json()) as AnalyzeResponse;
  // The results keep the links' order and hold the successes; the failures name the others.
  const failed = new Map((body.failures ?? []).map((failure) => [normalizeLink(failure.link), failure.code]));
  const results = [...body.results];
  const outcomes = links.map((link): Outcome => {
    const code = failed.get(normalizeLink(link));
    if (code !== undefined) return { failure: code };
    const result = results.shift();
    return result ? { json: result.jsonContent ?? {} } : { failure: "no result for the link" };
  });
  if (results.length > 0) throw new Error(`${results.length} results more than the links that succeeded`);
  return outcomes;
}

/** Every page's outcome: `LINKS_PER_REQUEST` links a request, `REQUESTS_AT_ONCE` requests at a time. */
async function runWording(
  service: ServiceProcess,
  benchmark: ProductBenchmark,
  linkOf: (page: ProductPage) => string,
  wording: Wording,
): Promise<Map<string, Outcome>> {
  const batches: ProductPage[][] = [];
  for (let at = 0; at < benchmark.pages.length; at += LINKS_PER_REQUEST)
    batches.push(benchmark.pages.slice(at, at + LINKS_PER_REQUEST));
  const outcomes = new Map<string, Outcome>();
  const lane = async () => {
    for (let batch = batches.shift(); batch; batch = batches.shift()) {
      const answered = await analyze(service, batch.map(linkOf), wording.schema);
      for (const [at, page] of batch.entries())
        outcomes.set(page.id, answered[at] ?? { failure: "no outcome" });
    }
  };
  await Promise.all(Array.from({ length: REQUESTS_AT_ONCE }, lane));
  return outcomes;
}

const figure = (value: number) => value.toFixed(3);

function printScores(scores: Map<string, Map<Attribute, AttributeScore>>): void {
  const rows = [["attribute", "system", "F1", "precision", "recall", "support"]];
  for (const attribute of ATTRIBUTES)
    for (const [system, byAttribute] of scores) {
      const score = byAttribute.get(attribute);
      if (!score) continue;
      rows.push([
        system === OURS ? attribute : "",
        system,
        figure(score.f1),
        figure(score.precision),
        figure(score.recall),
        String(score.support),
      ]);
    }
  printTable(rows);
}

/** The pages that failed, by code, and how many answered a price that is not a decimal. */
function printFailures(written: Record<string, WrittenPrediction>): void {
  const byCode = new Map<string, string[]>();
  let notDecimal = 0;
  for (const [id, { failure, price, answer }] of Object.entries(written)) {
    if (failure !== undefined) byCode.set(failure, [...(byCode.get(failure) ?? []), id]);
    else if (price === "NaN" && answer?.price !== "NaN") notDecimal++;
  }
  const pages = Object.keys(written).length;
  const failed = [...byCode.values()].reduce((sum, ids) => sum + ids.length, 0);
  console.log(
    `\n${pages - failed} of ${pages} pages analyzed, ${failed} failed; ` +
      `${notDecimal} prices answered that are not decimal numbers (scored as wrong)`,
  );
  for (const [code, ids] of byCode)
    console.log(`  ${code} (${ids.length}): ${ids.map((id) => id.slice(0, 12)).join(", ")}`);
}

function printErrors(
  benchmark: ProductBenchmark,
  ours: Map<Attribute, AttributeScore>,
  written: Record<string, WrittenPrediction>,
): void {
  console.log("\nWhere ours is wrong or silent (page, true values, ours):");
  for (const attribute of ATTRIBUTES)
    for (const { id, counts } of ours.get(attribute)?.pages ?? []) {
      if (counts.fp === 0 && counts.fn === 0) continue;
      const prediction = written[id];
      const said = prediction?.failure
        ? `(failed: ${prediction.failure})`
        : attribute === "price" && prediction?.price === "NaN"
          ? `${JSON.stringify(prediction.answer?.price)} (not a decimal)`
          : JSON.stringify(prediction?.[attribute] ?? null);
      const truth = JSON.stringify(benchmark.groundTruth[id]?.[attribute] ?? []);
      console.log(`  ${attribute.padEnd(12)} ${id.slice(0, 12)}  ${truth.padEnd(28)} ${said}`);
    }
}

/** Whether evaluate.py gives ours the figures above, to the third decimal. */
function checkWithPython(
  benchmark: ProductBenchmark,
  predictions: Predictions,
  ours: Map<Attribute, AttributeScore>,
): void {
  if (!productScorerPython()) {
    console.log("\nevaluate.py not run: no python3 here imports tabulate (Debian: python3-tabulate).");
    return;
  }
  const byPython = evaluateProductsWithPython(
    benchmark.dir,
    benchmark.groundTruth,
    new Map([[OURS, predictions]]),
  );
  const differences = ATTRIBUTES.flatMap((attribute) =>
    (["f1", "precision", "recall"] as const).flatMap((name) => {
      const theirs = byPython.get(OURS)?.get(attribute)?.[name];
      const mine = ours.get(attribute)?.[name];
      return theirs !== undefined && mine !== undefined && figure(theirs) === figure(mine)
        ? []
        : [`${attribute} ${name} ${theirs}`];
    }),
  );
  console.log(
    differences.length === 0
      ? "\nevaluate.py on ours: the same figures to the third decimal"
      : `\nevaluate.py on ours DIFFERS: ${differences.join(", ")}`,
  );
}

async function main() {
  const { values } = parseArgs({
    options: {
      wording: { type: "string" },
      pages: { type: "string" },
      "show-errors": { type: "boolean", default: false },
      llm: { type: "boolean", default: false },
    },
  });
  const wordings = values.wording ? WORDINGS.filter((wording) => wording.name === values.wording) : WORDINGS;
  if (wordings.length === 0) throw new Error(`--wording ${values.wording}: a, b or c`);
  const pageCount = values.pages === undefined ? undefined : Number(values.pages);
  if (pageCount !== undefined && !(Number.isInteger(pageCount) && pageCount > 0))
    throw new Error("--pages must be a whole number above 0");

  const dir = sharedTestdata("product-benchmark");
  if (!dir) {
    console.log(
      "bench:products needs the product benchmark's tuning half (see docs/testing.md); nothing run.",
    );
    process.exitCode = 1;
    return;
  }
  const whole = loadProductBenchmark(dir);
  const benchmark = pageCount === undefined ? whole : firstPages(whole, pageCount);

  const site = await startProductPagesSite(benchmark.pages);
  let service: ServiceProcess | undefined;
  try {
    service = await startServiceProcess({
      apiKeys: `${KEY}:1000000`,
      args: ["--allow-private-networks", "--ca", site.caFile, "--render", "auto"],
      env: {
        LINKLENS_RATE_ANALYZE: "100000",
        ...(!values.llm && { LLM_BASE_URL: "", LLM_MODEL: "", LLM_API_KEY: "" }),
      },
    });
    rmSync(OUTPUT_DIR, { recursive: true, force: true });
    const outputDir = join(OUTPUT_DIR, "dataset", "output");
    mkdirSync(outputDir, { recursive: true });
    writeFileSync(join(OUTPUT_DIR, "dataset", "ground-truth.json"), JSON.stringify(benchmark.groundTruth));
    for (const [name, predicted] of benchmark.references)
      writeFileSync(join(outputDir, `${name}.json`), JSON.stringify(predicted));

    const references = [...benchmark.references].sort(
      ([a], [b]) => (SYSTEM_ORDER.indexOf(a) + 1 || 99) - (SYSTEM_ORDER.indexOf(b) + 1 || 99),
    );
    console.log(
      `Product benchmark, tuning half: ${benchmark.pages.length} pages, ${LINKS_PER_REQUEST} links a request, ` +
        `${REQUESTS_AT_ONCE} at a time; prompt "${PROMPT}"; ${values.llm ? "the LLM_* generator" : "the offline generator"}`,
    );
    for (const wording of wordings) {
      const started = performance.now();
      const outcomes = await runWording(service, benchmark, site.linkOf, wording);
      const seconds = (performance.now() - started) / 1000;
      const written: Record<string, WrittenPrediction> = {};
      for (const page of benchmark.pages) {
        const outcome = outcomes.get(page.id) ?? { failure: "not run" };
        written[page.id] =
          "failure" in outcome
            ? { failure: outcome.failure }
            : { ...predictionOf(outcome.json), answer: outcome.json };
      }
      const predictions: Predictions = Object.fromEntries(
        Object.entries(written).map(([id, { answer: _answer, failure: _failure, ...prediction }]) => [
          id,
          prediction,
        ]),
      );
      const file = join(outputDir, `${OURS}-${wording.name}.json`);
      writeFileSync(file, `${JSON.stringify(written, null, 1)}\n`);

      const ours = scoreAll(benchmark.groundTruth, predictions);
      console.log(`\nWording ${wording.name} (${wording.label}): ${seconds.toFixed(0)} s\n`);
      printScores(
        new Map([
          [OURS, ours],
          ...references.map(
            ([name, predicted]) => [name, scoreAll(benchmark.groundTruth, predicted)] as const,
          ),
        ]),
      );
      printFailures(written);
      checkWithPython(benchmark, predictions, ours);
      if (values["show-errors"]) printErrors(benchmark, ours, written);
      console.log(`Our predictions: ${file}`);
    }
    console.log(
      `\nevaluate.py reads them (and the published ones) from there: cd ${OUTPUT_DIR} && ` +
        `${productScorerPython() ?? "python3"} ${join(dir, "evaluate.py")}`,
    );
  } finally {
    await service?.close();
    await site.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
