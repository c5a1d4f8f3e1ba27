/**
 * `tsx bench/cpu-profile-summary.ts DIR…`: where a service's CPU time went, from the profiles node --cpu-prof
 * wrote (the main thread's and each page thread's): per profile, the busy share, and self time by package
 * or own file, by function, and the total of each of our functions with what it calls. This is how issue 45's profiles at 0, 50,000 and 100,000 analyses are read.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { printTable } from "./print-table";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Time spent waiting, not working: the profiler's idle frames, and a page thread waiting for its next job. */
const IDLE = new Set(["(idle)", "(program)", "atomicsWaitLoop"]);
/**
 * `PROFILE_FROM=analyzeLinks` (or `runPageJob` for a page thread): counts from the first sample in that
 * function, leaving out the start and the warm-up before the measured requests.
 */
const FROM = process.env.PROFILE_FROM;
/** Our own code, bundled or from source. */
const OWN = /\.output-service\/|\/(server|lib)\//;

/** `node_modules/<package>` for a package's code, our own file's path for ours, the frame's kind otherwise. */
function ownerOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  const packageMatch = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (packageMatch) return packageMatch[1] ?? url;
  if (url.startsWith("node:")) return url;
  return url.replace(/^file:\/\/.*?\/(server|lib|\.output-service)\//, "$1/");
}

function summarize(file: string, top: number): void {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const onStack = (id: number, name: string) => {
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at))
      if (byId.get(at)?.callFrame.functionName === name) return true;
    return false;
  };
  const selfMs = new Map<number, number>();
  let counting = FROM === undefined;
  let totalMs = 0;
  profile.samples.forEach((id, index) => {
    counting ||= onStack(id, FROM as string);
    if (!counting) return;
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    totalMs += ms;
    selfMs.set(id, (selfMs.get(id) ?? 0) + ms);
  });
  const byOwner = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const ownTotal = new Map<string, number>();
  let busyMs = 0;
  for (const [id, ms] of selfMs) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    if (IDLE.has(frame.functionName)) continue;
    busyMs += ms;
    const owner = ownerOf(frame.url, frame.functionName);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + ms);
    const name = nameOf(frame);
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    // total time: each of our functions on the stack once, however deep it recursed
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const caller = byId.get(at)?.callFrame;
      if (!caller || caller.url.includes("/node_modules/") || !OWN.test(caller.url)) continue;
      const callerName = nameOf(caller);
      if (seen.has(callerName)) continue;
      seen.add(callerName);
      ownTotal.set(callerName, (ownTotal.get(callerName) ?? 0) + ms);
    }
  }
  console.log(
    `\n${file}: ${(totalMs / 1000).toFixed(1)} s, busy ${(busyMs / 1000).toFixed(1)} s (${((100 * busyMs) / totalMs).toFixed(0)}%)`,
  );
  const rows = (entries: Map<string, number>) =>
    [...entries]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, ms]) => [`${((100 * ms) / busyMs).toFixed(1)}%`, `${ms.toFixed(0)} ms`, name]);
  printTable([["share", "self", "package or file"], ...rows(byOwner)]);
  console.log("");
  printTable([["share", "self", "function"], ...rows(byFunction)]);
  console.log("");
  printTable([["share", "total", "own function (with what it calls)"], ...rows(ownTotal)]);
}

function nameOf(frame: ProfileNode["callFrame"]): string {
  return `${frame.functionName || "(anonymous)"} ${ownerOf(frame.url, frame.functionName)}:${frame.lineNumber + 1}`;
}

function profilesIn(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .flatMap((name) => profilesIn(join(path, name)))
    .filter((file) => file.endsWith(".cpuprofile"));
}

const top = Number(process.env.PROFILE_TOP ?? 15);
for (const path of process.argv.slice(2)) for (const file of profilesIn(path).sort()) summarize(file, top);
