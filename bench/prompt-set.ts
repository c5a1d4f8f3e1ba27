/**
 * The prompts `npm run bench:prompts` asks of every page: for each of the ten kinds, the tuning prompt
 * of issue 43 and paraphrases of our own. The held-out measurement uses other wordings still, so the
 * paraphrases change the words, the order and the shape of the request, not just one word.
 */
import type { TaskKind } from "../server/generate/text/prompt-kinds";

/** The bench's kinds: the table's, with "cannot" as the translation asked of the title. */
export type BenchKind = Exclude<TaskKind, "cannot"> | "translate";

export interface BenchPrompt {
  kind: BenchKind;
  prompt: string;
  /** The tuning prompt of the issue, or one of our paraphrases. */
  tuning: boolean;
  /** Sentences or points asked for, when the prompt says. */
  count?: number;
}

const prompts: Array<[BenchKind, string, string[], number?]> = [
  [
    "summary",
    "Summarize this article in two sentences.",
    [
      "Give me a two-sentence summary of the piece.",
      "Could you sum this up in 2 sentences?",
      "Recap the story for me in two sentences, please.",
    ],
    2,
  ],
  [
    "key-points",
    "What are the 3 key points of this article?",
    [
      "List the three most important takeaways as bullet points.",
      "Give me 3 bullet points on what matters here.",
      "What should I remember from this? Three main points.",
    ],
    3,
  ],
  [
    "tldr",
    "TL;DR",
    ["Boil this down to a single line.", "tl;dr please", "Give me the one-liner version."],
    1,
  ],
  [
    "quoted",
    "Who is quoted in this article, and what do they say?",
    [
      "Which people are quoted, and what are their quotes?",
      "List the quotes in this story with who said them.",
      "Who gets quoted here?",
    ],
  ],
  [
    "entities",
    "Extract the named entities (people, organizations, places) mentioned in this article.",
    [
      "Which people and companies does it mention?",
      "List the people, organisations and places named in the piece.",
      "What names, organizations and locations appear in this text?",
    ],
  ],
  [
    "tone",
    "Is the tone of this article positive, negative or neutral?",
    [
      "What's the mood of this piece?",
      "How would you describe the overall tone?",
      "Is this good news or bad news?",
    ],
  ],
  [
    "figures",
    "List all the dates and numbers mentioned in this article.",
    [
      "Pull out every figure and date the story gives.",
      "What numbers and statistics does it cite?",
      "Give me the key dates and figures.",
    ],
  ],
  [
    "main-argument",
    "What is the author's main argument?",
    [
      "What is the writer trying to say?",
      "What's the central claim of this piece?",
      "What point is the author making?",
    ],
  ],
  [
    "explain",
    "Explain this article to a beginner.",
    [
      "Explain it like I'm five.",
      "Break this down in plain English for someone new to the topic.",
      "Help me understand this article in simple terms.",
    ],
  ],
  [
    "translate",
    "Translate the title into French.",
    [
      "How would the headline read in Spanish?",
      "Give me the title in German.",
      "Can you translate this headline to Italian?",
    ],
  ],
];

export const BENCH_PROMPTS: BenchPrompt[] = prompts.flatMap(([kind, tuning, paraphrases, count]) => [
  { kind, prompt: tuning, tuning: true, ...(count !== undefined && { count }) },
  ...paraphrases.map((prompt) => ({ kind, prompt, tuning: false, ...(count !== undefined && { count }) })),
]);
