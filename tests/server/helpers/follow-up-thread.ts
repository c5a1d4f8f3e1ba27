/**
 * Asking one page of the fixture site questions through the reference service (POST /v1/links), alone or
 * as a thread whose follow-ups carry the earlier turns in the prompt the extension writes
 * (lib/thread/thread-prompt.ts): what the follow-up tests (follow-up-answers, thread-answer-types) share.
 */
import { expect } from "vitest";
import { followUpPrompt } from "../../../lib/thread/thread-prompt";
import type { SiteAndService } from "./service";

export interface PageQuestions {
  /** The service's answer to `prompt` on the page. */
  answer(prompt: string): Promise<string>;
  /** Asks `questions` in turn, each with the earlier turns in its prompt; returns the answers. */
  thread(questions: string[]): Promise<string[]>;
}

/** Questions on the fixture site's page at `path`, asked of `env`'s service (read once the file runs). */
export function questionsOn(env: SiteAndService, path: string): PageQuestions {
  async function answer(prompt: string): Promise<string> {
    const link = env.site.url(path);
    const { status, body } = await env.service.call("POST", "/v1/links", { body: { link: [link], prompt } });
    expect(status).toBe(200);
    return body.results[0].textContent as string;
  }
  async function thread(questions: string[]): Promise<string[]> {
    const turns: { question: string; answer: string }[] = [];
    for (const question of questions) {
      const prompt = turns.length === 0 ? question : followUpPrompt(turns, question);
      turns.push({ question, answer: await answer(prompt) });
    }
    return turns.map((turn) => turn.answer);
  }
  return { answer, thread };
}
