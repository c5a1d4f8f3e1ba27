/**
 * Analyze as a client sees it (issue 45): `clients` clients at once, each sending POST /v1/links of 20
 * links to the fixture site's small articles over HTTPS (about 12 sentences each) with one prompt, into an
 * empty library until it holds `target` analyses. The rate of every 10,000 is kept, so that a fall with the
 * library's size shows; the average is the analyses stored over the measured time, as a client seeding its
 * library waits for it. Links that fail are said, and not counted.
 * At each size of `profileAt`, every client waits while the service is started again with a CPU profile
 * (node --cpu-prof, into `profileDir`) for `PROFILE_LINKS` links, then again without. The profiled links
 * count in the library's size, not in the rates, nor do the restarts; but a restart is a new process, with
 * new plans and a cold JIT: a profiled run's rates are not an unprofiled one's.
 */
import { MANY_PAGES_COUNT } from "../tests/fixtures/many-pages";
import type { FixtureSite } from "../tests/fixtures/site";
import { postLinks, type ServiceProcess } from "./service-process";

/** The prompt of issue 45's client. */
export const SEEDING_PROMPT = "Summarize the report in two sentences.";
const LINKS_PER_REQUEST = 20;
const SLICE = 10_000;
/** Links analyzed under the profiler at each profiled size. */
const PROFILE_LINKS = 2_000;

export interface SeedingOptions {
  /** A label for the log ("PGlite", "Postgres"). */
  store: string;
  clients: number;
  target: number;
  site: FixtureSite;
  /** Starts the service over this run's (empty) store, profiled into `profileDir` when given. */
  start: (profileDir?: string) => Promise<ServiceProcess>;
  profileAt?: number[];
  profileDir?: string;
  /**
   * `repeated`: the site's pages as they are, each analyzed again every `MANY_PAGES_COUNT` links, as a client
   * seeding from a small site does (issue 45's); `distinct`: each link its own address (a query apart).
   */
  pages: "repeated" | "distinct";
}

export interface SeedingFigures {
  store: string;
  clients: number;
  pages: SeedingOptions["pages"];
  target: number;
  /** Links per second of each 10,000 analyses in turn (the last slice may be shorter). */
  slices: number[];
  /** Links per second over the whole run: the target over the measured time. */
  average: number;
}

export async function seedThroughClients(options: SeedingOptions): Promise<SeedingFigures> {
  const { clients, target, site } = options;
  const profileAt = [...(options.profileDir ? (options.profileAt ?? []) : [])].sort((a, b) => a - b);
  let service = await options.start();
  await service.warmedUp;
  let issued = 0;
  let stored = 0;
  /** Measured milliseconds so far, the profiled stretches left out; `clockFrom` is when the current one began. */
  let measuredMs = 0;
  let clockFrom = performance.now();
  const slices: number[] = [];
  let sliceMs = 0;
  let sliceLinks = 0;
  /** While a profile is taken, the clients wait on this. */
  let paused: Promise<void> | undefined;

  const nextLinks = (client: number): string[] => {
    const count = Math.min(LINKS_PER_REQUEST, target - issued);
    return Array.from({ length: count }, () => {
      const n = issued++;
      const path = `/many/${(n % MANY_PAGES_COUNT) + 1}.html`;
      return site.url(options.pages === "repeated" ? path : `${path}?client=${client}&link=${n}`);
    });
  };

  const closeSlice = () => {
    const now = performance.now();
    sliceMs += now - clockFrom;
    measuredMs += now - clockFrom;
    clockFrom = now;
    const rate = sliceLinks / (sliceMs / 1000);
    slices.push(rate);
    console.log(
      `  ${options.store}, ${clients} clients: ${stored.toLocaleString("en")} analyses, the last ${sliceLinks.toLocaleString("en")} at ${rate.toFixed(0)} links/s`,
    );
    sliceMs = 0;
    sliceLinks = 0;
  };

  const profile = async (last: boolean) => {
    const size = stored;
    const now = performance.now();
    sliceMs += now - clockFrom;
    measuredMs += now - clockFrom;
    clockFrom = now;
    await service.close();
    service = await options.start(options.profileDir);
    await service.warmedUp;
    let sent = 0;
    while (sent < PROFILE_LINKS) {
      const links = Array.from({ length: LINKS_PER_REQUEST }, (_, i) =>
        site.url(`/many/${((sent + i) % MANY_PAGES_COUNT) + 1}.html?profile=${size}&link=${sent + i}`),
      );
      // as many requests at once as there are clients
      const batches = await Promise.all(
        Array.from({ length: clients }, (_, c) =>
          postLinks(
            service.url,
            links.map((link) => `${link}&client=${c}`),
            SEEDING_PROMPT,
          ),
        ),
      );
      sent += links.length * clients;
      stored += batches.reduce((total, count) => total + count, 0);
    }
    await service.close(); // writes the profile
    console.log(
      `  profiled ${sent} links at ${size.toLocaleString("en")} analyses into ${options.profileDir}`,
    );
    if (last) return;
    service = await options.start();
    await service.warmedUp;
    clockFrom = performance.now();
  };

  /** Requests under way: a profile waits for them, so that no request meets a stopping service. */
  const inFlight = new Set<Promise<number>>();
  const takeProfileIfDue = async (last = false) => {
    await Promise.allSettled([...inFlight]);
    // and the clients' own continuations of those requests, which count what they stored
    await new Promise((resolve) => setImmediate(resolve));
    while (profileAt.length > 0 && (profileAt[0] ?? 0) <= stored) {
      profileAt.shift();
      await profile(last && profileAt.length === 0);
    }
  };

  const client = async (index: number) => {
    for (;;) {
      await paused;
      if (issued >= target) return;
      const links = nextLinks(index);
      const request = postLinks(service.url, links, SEEDING_PROMPT);
      inFlight.add(request);
      const count = await request.finally(() => inFlight.delete(request));
      if (count < links.length) console.log(`  ${links.length - count} of ${links.length} links failed`);
      stored += count;
      sliceLinks += count;
      if (stored >= (slices.length + 1) * SLICE) closeSlice();
      if (!paused && (profileAt[0] ?? Number.POSITIVE_INFINITY) <= stored) {
        paused = takeProfileIfDue().finally(() => {
          paused = undefined;
        });
      }
    }
  };

  try {
    await takeProfileIfDue(); // at 0
    clockFrom = performance.now();
    await Promise.all(Array.from({ length: clients }, (_, index) => client(index)));
    if (sliceLinks > 0) closeSlice();
    await takeProfileIfDue(true); // at the target
  } finally {
    await service.close();
  }
  const average = stored / (measuredMs / 1000);
  console.log(
    `${options.store}, ${clients} clients: ${stored.toLocaleString("en")} analyses in ${(measuredMs / 1000).toFixed(1)} s, ${average.toFixed(0)} links/s on average`,
  );
  return { store: options.store, clients, pages: options.pages, target, slices, average };
}

/** The table of issue 45: a row a store and client count, the rate of each 10,000 and the average. */
export function seedingTable(figures: SeedingFigures[]): string[][] {
  const sliceCount = Math.max(0, ...figures.map((run) => run.slices.length));
  const header = [
    "store",
    "clients",
    "pages",
    ...Array.from({ length: sliceCount }, (_, i) => `${(i + 1) * (SLICE / 1000)}k`),
    "average",
    "last/first",
  ];
  const rows = figures.map((run) => [
    run.store,
    String(run.clients),
    run.pages,
    ...Array.from({ length: sliceCount }, (_, i) => run.slices[i]?.toFixed(0) ?? ""),
    run.average.toFixed(0),
    ((run.slices.at(-1) ?? 0) / (run.slices[0] ?? 1)).toFixed(2),
  ]);
  return [header, ...rows];
}
