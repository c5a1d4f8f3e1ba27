/**
 * The load generator of `bench:server`, run as its own process so it does not share the service's CPU
 * time slices: `tsx bench/load-process.ts URL_PREFIX IDS_FILE KEY CONNECTIONS SECONDS` cycles through
 * the analysis ids of IDS_FILE (one per request) and prints autocannon's figures as JSON.
 */
import { readFileSync } from "node:fs";
import autocannon from "autocannon";

const [prefix, idsFile, key, connections, seconds] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string,
];
const ids = readFileSync(idsFile, "utf8").trim().split("\n");
let next = 0;
const url = new URL(prefix);

const result = await autocannon({
  url: url.origin,
  connections: Number(connections),
  duration: Number(seconds),
  headers: { "x-api-key": key },
  requests: [
    {
      setupRequest: (request) => {
        const id = ids[next++ % ids.length] as string;
        return { ...request, path: `${url.pathname}${url.search.replace("{id}", encodeURIComponent(id))}` };
      },
    },
  ],
});

process.stdout.write(
  JSON.stringify({
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    non2xx: result.non2xx,
    errors: result.errors,
  }),
);
