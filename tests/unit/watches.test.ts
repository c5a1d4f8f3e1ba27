/**
 * Watches (issue 46) against the real reference service over HTTP, the fixture site's pages changed between
 * runs, the state in fake-indexeddb. Only the clock, the alarm and the notification are stand-ins.
 */
import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { createWatcher } from "../../entrypoints/background/watches";
import type { LinklensDatabase } from "../../lib/db/database";
import type { WatchRow, WatchRunRow } from "../../lib/db/schema";
import type { WatchStartRequest } from "../../lib/messaging/protocol";
import { INTERVAL_MS } from "../../lib/watch/watch-schedule";
import { KEY, siteAndServicePerFile } from "../server/helpers/service";
import { freshDatabaseEachTest } from "./helpers/fresh-database";
import { recordingJobRunner } from "./helpers/recording-runner";

const POOR_KEY = "lk_test_watch_poor";
const env = siteAndServicePerFile({
  apiKeys: [
    { key: KEY, credits: 10_000 },
    { key: POOR_KEY, credits: 2 },
  ],
});

let db: LinklensDatabase;
freshDatabaseEachTest("watches", (fresh) => {
  db = fresh;
});

const PROMPT = "What does the Basic plan cost, and what does it include?";
const DAY = INTERVAL_MS.day;

/** A pricing page; `price` and `extra` make its versions. */
function pricingPage(price: number, extra = "") {
  return Buffer.from(`<!doctype html><html lang="en"><head><title>Basic plan pricing</title></head><body><main>
    <h1>Basic plan pricing</h1>
    <p>The Basic plan costs ${price} euros a month. It includes five projects and email support.</p>
    <p>Billing is monthly, and the plan can be cancelled at any time from the account page.</p>
    ${extra}
  </main></body></html>`);
}

/** A product page: the price shown by the product's heading, as a shop shows it. */
function productPage(price: number, extra = "") {
  return Buffer.from(`<!doctype html><html lang="en"><head><title>Trail Runner 2 shoe</title></head><body><main>
    <h1>Trail Runner 2</h1>
    <p class="price">€${price}.00</p>
    <button class="add-to-cart">Add to cart</button>
    <p>A light trail shoe with a grippy sole and a breathable upper, made for long runs on rough ground.</p>
    ${extra}
  </main></body></html>`);
}

let pages = 0;
/** A new page path of the fixture site, serving `body` until served again. */
function servePage(body: Buffer, path = `/watched/${++pages}.html`) {
  env.site.serve(path, body, { "content-type": "text/html; charset=utf-8" });
  return { path, url: env.site.url(path) };
}

/** A runner and a watcher on one clock, recording requests and notifications. */
function setup(apiKey = KEY) {
  const clock = { now: Date.UTC(2026, 10, 29, 9, 0) };
  const alarms: (number | null)[] = [];
  const notified: { watch: WatchRow; run: WatchRunRow }[][] = [];
  const { runner, requests } = recordingJobRunner(
    { db, scheduleAlarm: () => undefined, now: () => clock.now },
    { baseUrl: env.service.url, apiKey },
  );
  const watcher = createWatcher({
    db,
    enqueue: runner.enqueue,
    scheduleAlarm: (when) => void alarms.push(when),
    notifyChanges: (runs) => void notified.push(runs),
    now: () => clock.now,
  });
  /** Runs the due watches and waits for their jobs and what they found. */
  const settle = async () => {
    await watcher.runDue();
    await runner.whenIdle();
    await watcher.runDue();
  };
  return { runner, watcher, requests, clock, alarms, notified, settle };
}

type Setup = ReturnType<typeof setup>;

/** Analyzes `url` as the popup does and watches the analysis. */
async function watchPage(
  { runner, watcher }: Setup,
  url: string,
  options: Partial<WatchStartRequest> & { responseFormat?: unknown } = {},
) {
  const { responseFormat, ...choice } = options;
  const jobId = await runner.enqueue(
    { links: [url], prompt: PROMPT, temperature: 0, ...(responseFormat ? { responseFormat } : {}) } as never,
    "popup",
  );
  await runner.whenIdle();
  const analysisId = (await db.jobs.get(jobId))?.analysisIds[0] as string;
  expect(analysisId).toBeTruthy();
  const watchId = await watcher.start({
    target: { kind: "analysis", analysisId },
    interval: "day",
    budgetCredits: 50,
    notify: true,
    ...choice,
  });
  return { analysisId, watchId };
}

const runsOf = (watchId: string) => db.watchRuns.where("watchId").equals(watchId).sortBy("startedAt");

describe("watches against the reference service", { timeout: 60_000 }, () => {
  it("a page that stays the same is recorded quietly; a changed one shows its sentences, notifies once, is charged once", async () => {
    const context = setup();
    const page = servePage(pricingPage(12));
    const { analysisId, watchId } = await watchPage(context, page.url);
    expect(context.alarms.at(-1)).toBe(context.clock.now + DAY);

    // Not due yet: nothing is sent.
    await context.settle();
    expect(context.requests).toHaveLength(1);

    // A day later, the same page: a run, no change, its analysis kept out of the library.
    context.clock.now += DAY;
    await context.settle();
    expect(context.requests).toHaveLength(2);
    const [quiet] = await runsOf(watchId);
    expect(quiet).toMatchObject({ status: "done", changed: 0, pages: [], costCredits: 1 });
    expect(context.notified).toEqual([]);
    expect(await db.analyses.count()).toBe(1);
    expect((await db.watches.get(watchId))?.latest).toEqual({ [page.url]: analysisId });

    // The price changes: the answer's sentences added and removed, one notification, one charge.
    servePage(pricingPage(15), page.path);
    context.clock.now += DAY;
    await context.settle();
    expect(context.requests).toHaveLength(3);
    const runs = await runsOf(watchId);
    const changed = runs[1] as WatchRunRow;
    expect(changed).toMatchObject({ status: "done", changed: 1, costCredits: 1 });
    const [change] = changed.pages;
    expect(change?.added.join(" ")).toContain("15");
    expect(change?.removed.join(" ")).toContain("12");
    expect(change?.pageChanged).toBe(true);
    expect(change?.beforeId).toBe(analysisId);
    expect(await db.analyses.get(change?.afterId as string)).toBeDefined();
    expect(context.notified).toHaveLength(1);
    expect(context.notified[0]?.map(({ run }) => run.id)).toEqual([changed.id]);
    expect((await db.watches.get(watchId))?.latest).toEqual({ [page.url]: change?.afterId });
    // Settling again finds nothing new: no second notification.
    await context.settle();
    expect(context.notified).toHaveLength(1);
    const usage = await db.usage.toArray();
    expect(usage.map((row) => row.costCredits)).toEqual([1, 1, 1]);
  });

  it("a schema's fields: a change of values is old → new; the same values are no change", async () => {
    const context = setup();
    const page = servePage(productPage(120));
    const schema = {
      type: "object",
      properties: { price: { type: "number" }, name: { type: "string" } },
      required: ["price", "name"],
      additionalProperties: false,
    };
    const responseFormat = { type: "json_schema", json_schema: { name: "product", schema, strict: true } };
    const { analysisId, watchId } = await watchPage(context, page.url, { responseFormat });
    expect((await db.analyses.get(analysisId))?.jsonContent).toMatchObject({ price: 120 });

    // The page's text changes, its price does not: the page changed, what was asked did not.
    servePage(productPage(120, "<p>Free returns within thirty days of delivery.</p>"), page.path);
    context.clock.now += DAY;
    await context.settle();
    const [same] = await runsOf(watchId);
    expect(same).toMatchObject({ changed: 0 });
    expect(same?.pages.map((each) => ({ changed: each.changed, pageChanged: each.pageChanged }))).toEqual([
      { changed: false, pageChanged: true },
    ]);

    servePage(productPage(99), page.path);
    context.clock.now += DAY;
    await context.settle();
    const changed = (await runsOf(watchId))[1];
    expect(changed?.changed).toBe(1);
    expect(changed?.pages[0]?.fields).toEqual([{ path: "/price", before: 120, after: 99 }]);
    expect(changed?.costCredits).toBe(2);
  });

  it("runs missed while the browser slept run once, and the next is a day after that run", async () => {
    const context = setup();
    const { watchId } = await watchPage(context, servePage(pricingPage(12)).url);
    context.clock.now += 5 * DAY + 1000;
    await context.settle();
    await context.settle();
    expect(context.requests).toHaveLength(2);
    const watch = await db.watches.get(watchId);
    expect(watch?.lastRunAt).toBe(context.clock.now);
    expect(context.alarms.at(-1)).toBe(context.clock.now + DAY);
  });

  it("never runs twice at once: passes started together claim one run", async () => {
    const context = setup();
    const { watchId } = await watchPage(context, servePage(pricingPage(12)).url);
    context.clock.now += DAY;
    await Promise.all([context.watcher.runDue(), context.watcher.runDue(), context.watcher.runDue()]);
    expect(await db.jobs.filter((job) => job.source === "watch").count()).toBe(1);
    await context.runner.whenIdle();
    await context.watcher.runDue();
    expect(await runsOf(watchId)).toHaveLength(1);
    expect(context.requests).toHaveLength(2);
  });

  it("a worker stopped between the claim and the job frees the watch: it runs once, later", async () => {
    const context = setup();
    const { watchId } = await watchPage(context, servePage(pricingPage(12)).url);
    // What a stopped worker leaves: the claim written, no job.
    context.clock.now += DAY;
    await db.watches.update(watchId, { runningJobId: "job_lost", lastRunAt: context.clock.now });
    await db.watchRuns.put({
      id: "job_lost",
      watchId,
      startedAt: context.clock.now,
      status: "running",
      costCredits: 0,
      pages: [],
      changed: 0,
    });
    await context.settle();
    await context.settle();
    const runs = await runsOf(watchId);
    expect(runs.map((run) => run.status)).toEqual(["done"]);
    expect(runs[0]?.id).not.toBe("job_lost");
    expect(context.requests).toHaveLength(2);
  });

  it("stops before a run that would pass its budget, and when the key's credits run out, and says why", async () => {
    const context = setup();
    const { watchId } = await watchPage(context, servePage(pricingPage(12)).url, { budgetCredits: 1 });
    context.clock.now += DAY;
    await context.settle();
    // One credit a week: the first run fits (1 a page), the second would pass it.
    context.clock.now += DAY;
    await context.settle();
    expect(context.requests).toHaveLength(2);
    expect((await db.watches.get(watchId))?.stopped).toEqual({ reason: "budget", at: context.clock.now });

    const poor = setup(POOR_KEY);
    const { watchId: poorWatch } = await watchPage(poor, servePage(pricingPage(20)).url);
    poor.clock.now += DAY;
    await poor.settle();
    poor.clock.now += DAY;
    await poor.settle();
    const watch = await db.watches.get(poorWatch);
    expect(watch?.stopped?.reason).toBe("credits");
    const runs = await runsOf(poorWatch);
    expect(runs.map((run) => run.status)).toEqual(["done", "failed"]);
    expect(runs[1]?.error?.status).toBe(402);
    // Stopped, it is not run again, until started again.
    poor.clock.now += DAY;
    await poor.settle();
    expect(await runsOf(poorWatch)).toHaveLength(2);
    await context.watcher.update({ watchId, budgetCredits: 10, notify: false });
    expect(await db.watches.get(watchId)).toMatchObject({
      budgetCredits: 10,
      notify: false,
      interval: "day",
    });
    expect((await db.watches.get(watchId))?.stopped).toBeUndefined();
    await expect(context.watcher.update({ watchId: "watch_gone" })).rejects.toMatchObject({
      init: { code: "not_found" },
    });
    // Started again with room in its budget, it runs (it was due): one more run, then nothing left to do.
    await context.settle();
    expect(await runsOf(watchId)).toHaveLength(2);
  });

  it("refuses what it cannot watch, and a budget that is not a whole number of credits", async () => {
    const context = setup();
    const target = { kind: "analysis" as const, analysisId: "an_unknown" };
    await expect(
      context.watcher.start({ target, interval: "day", budgetCredits: 5, notify: false }),
    ).rejects.toMatchObject({ init: { code: "not_watchable" } });
    const { analysisId } = await watchPage(context, servePage(pricingPage(12)).url);
    await expect(
      context.watcher.start({
        target: { kind: "analysis", analysisId },
        interval: "day",
        budgetCredits: 0.5,
        notify: false,
      }),
    ).rejects.toMatchObject({ init: { code: "invalid_request" } });
  });
});
