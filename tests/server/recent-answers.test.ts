/**
 * The page threads' memory of recent prompt readings (server/generate/text/recent-answers.ts): a prompt is
 * read once for a request's links, the oldest reading goes first, and no caller can change a shared answer.
 */
import { describe, expect, it } from "vitest";
import { readPrompt } from "../../server/generate/text/prompt";
import { readPromptTask } from "../../server/generate/text/prompt-kinds";
import { rememberRecent } from "../../server/generate/text/recent-answers";

describe("rememberRecent", () => {
  it("computes an answer once for the same arguments, and again once it is among the oldest", () => {
    const calls: string[] = [];
    const lengthOf = rememberRecent(2, (text: string, unit: string) => {
      calls.push(`${text}/${unit}`);
      return { length: text.length, unit };
    });
    expect(lengthOf("a", "x")).toEqual({ length: 1, unit: "x" });
    expect(lengthOf("a", "x")).toBe(lengthOf("a", "x"));
    lengthOf("bb", "x");
    lengthOf("a", "x"); // the newest again: "bb" is now the oldest
    lengthOf("ccc", "x"); // "bb" goes
    lengthOf("a", "x");
    lengthOf("bb", "x");
    expect(calls).toEqual(["a/x", "bb/x", "ccc/x", "bb/x"]);
  });

  it("keeps arguments apart that would join into the same text", () => {
    const join = rememberRecent(4, (first: string, second: string) => [first, second]);
    expect(join("a\u0000b", "c")).toEqual(["a\u0000b", "c"]);
    expect(join("a", "b\u0000c")).toEqual(["a", "b\u0000c"]);
  });

  it("remembers an undefined answer too", () => {
    let calls = 0;
    const nothing = rememberRecent(4, (_text: string) => {
      calls++;
      return undefined;
    });
    nothing("x");
    nothing("x");
    expect(calls).toBe(1);
  });

  it("hands out frozen answers, inner arrays and objects included", () => {
    const intent = readPrompt("Who is quoted in the article about the tram line?", "en");
    expect(Object.isFrozen(intent)).toBe(true);
    expect(() => (intent.terms as string[]).push("changed")).toThrow(TypeError);
    expect(readPrompt("Who is quoted in the article about the tram line?", "en").terms).not.toContain(
      "changed",
    );
    const task = readPromptTask("List five key points.");
    expect(task).toMatchObject({ kind: "key-points", count: 5 });
    expect(Object.isFrozen(task)).toBe(true);
  });
});
