/**
 * What every task answerer reads: the page, its sentence model and facts, the task the prompt asks for
 * (prompt-kinds.ts), the subject it names, and the seeded randomness of the request.
 */
import type { ExtractedPage } from "../../../pages/types";
import type { PageFacts } from "../page-facts";
import type { PageModel } from "../page-model";
import type { PromptTask } from "../prompt-kinds";

export interface TaskContext {
  page: ExtractedPage;
  model: PageModel;
  facts: PageFacts;
  task: PromptTask;
  /** The subject's terms that the page has ("key points about ATF" → ["atf"]); empty when none. */
  subjectTerms: string[];
  temperature: number;
  random: (() => number) | undefined;
}
