/**
 * Comparisons (lib/compare): a job of many links with one prompt and schema whose results the side panel
 * shows as one table, and a page of one analyzed again. Both run on the analyze jobs' queue, so they are
 * split into requests, resumed after a restart and never charged twice, like every job.
 */

import { MAX_COMPARE_LINKS } from "../../lib/compare/link-list";
import type { LinklensDatabase } from "../../lib/db/database";
import { sortLinks } from "../../lib/links/link-check";
import { CommandError, type CommandHandlers } from "../../lib/messaging/protocol";
import type { JobRunner } from "./analyze-jobs";

type CompareHandlers = Pick<CommandHandlers, "compare.start" | "compare.retry">;

export function compareCommandHandlers(
  db: LinklensDatabase,
  runner: Pick<JobRunner, "enqueue">,
): CompareHandlers {
  return {
    "compare.start": async ({ schemaName, presetName, ...request }) => {
      const links = sortLinks(request.links).accepted.length;
      if (links > MAX_COMPARE_LINKS) {
        throw new CommandError({
          status: 0,
          code: "too_many_links",
          message: `a comparison holds at most ${MAX_COMPARE_LINKS} pages; this one has ${links}`,
        });
      }
      const comparison = { ...(schemaName && { schemaName }) };
      return { jobId: await runner.enqueue(request, "compare", undefined, presetName, { comparison }) };
    },
    "compare.retry": async ({ jobId, link }) => {
      const job = await db.jobs.get(jobId);
      if (!job?.comparison || !job.request.links.includes(link)) {
        throw new CommandError({
          status: 0,
          code: "not_found",
          message: "this page is not in the comparison",
        });
      }
      const { links: _links, ...fields } = job.request;
      const retryOf = { jobId, link };
      return {
        jobId: await runner.enqueue({ ...fields, links: [link] }, "compare", undefined, job.presetName, {
          retryOf,
        }),
      };
    },
  };
}
