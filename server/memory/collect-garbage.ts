/**
 * One full garbage collection, now. The service runs one when its warm-up at start ends: the warm-up reads
 * every analysis through the heap (hundreds of MiB with 100,000 of them) and keeps almost none of it, and V8
 * would hold the garbage until its memory reducer notices the process idle, about a minute later: 100 MiB
 * more of an idle service's resident memory meanwhile.
 *
 * Node offers the collector only behind `--expose-gc`, which the service cannot ask of its own command line;
 * the flag, set now, gives the function to contexts made after it (the main context gets no `gc` global).
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

let collect: (() => void) | undefined;

export function collectGarbage(): void {
  if (!collect) {
    setFlagsFromString("--expose-gc");
    collect = runInNewContext("gc") as () => void;
  }
  // the first frees the garbage, the second gives back the pages it leaves empty
  collect();
  collect();
}
