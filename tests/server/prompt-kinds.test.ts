/**
 * The prompt-kind table (server/generate/text/prompt-kinds.ts): each kind in several wordings and in the
 * languages the service reads prompts in; questions that share a task's words stay questions; only a
 * subject named after "about", "on" … is a subject.
 */
import { describe, expect, it } from "vitest";
import { readPromptTask, type TaskKind } from "../../server/generate/text/prompt-kinds";

const WORDINGS: Record<TaskKind, string[]> = {
  summary: [
    "Summarize this article in two sentences.",
    "Could you sum this up?",
    "Give me an overview",
    "What is this post about?",
    "Résume cet article.",
    "Haz un resumen del artículo.",
    "Fasse den Artikel zusammen.",
  ],
  tldr: [
    "TL;DR",
    "tl;dr please",
    "Boil this down to a single line.",
    "In a nutshell?",
    "En une phrase.",
    "Kurz gesagt?",
  ],
  "key-points": [
    "What are the 3 key points of this article?",
    "List the three most important takeaways as bullet points.",
    "Highlights?",
    "Quels sont les points clés ?",
    "¿Cuáles son los puntos clave?",
    "Nenne die wichtigsten Punkte.",
  ],
  "main-argument": [
    "What is the author's main argument?",
    "What is the writer trying to say?",
    "What's the central claim of this piece?",
    "Quelle est la thèse de l'auteur ?",
    "¿Cuál es el argumento principal?",
    "Was ist das Hauptargument?",
  ],
  explain: [
    "Explain this article to a beginner.",
    "Explain it like I'm five.",
    "Break this down in plain English for me.",
    "Explique cet article à un débutant.",
    "Explícalo para principiantes.",
    "Erkläre den Artikel für Anfänger.",
  ],
  quoted: [
    "Who is quoted in this article, and what do they say?",
    "Who gets quoted here?",
    "List the quotes with who said them.",
    "Qui est cité dans l'article ?",
    "¿Quién es citado?",
    "Wer wird zitiert?",
  ],
  entities: [
    "Extract the named entities (people, organizations, places) mentioned in this article.",
    "Which people and companies does it mention?",
    "What names, organizations and locations appear in this text?",
    "Liste les entités nommées.",
    "Extrae las entidades del texto.",
    "Welche Personen, Organisationen und Orte kommen vor? Liste die Entitäten.",
  ],
  tone: [
    "Is the tone of this article positive, negative or neutral?",
    "What's the mood of this piece?",
    "Is this good news or bad news?",
    "Quel est le ton de cet article ?",
    "¿Cuál es el tono del artículo?",
    "Wie ist die Stimmung des Artikels?",
  ],
  figures: [
    "List all the dates and numbers mentioned in this article.",
    "What numbers and statistics does it cite?",
    "Pull out every figure and date the story gives.",
    "Quelles sont les dates et les chiffres ?",
    "Dame las fechas y cifras.",
    "Welche Daten und Zahlen nennt der Artikel?",
  ],
  cannot: [
    "Translate the title into French.",
    "How would the headline read in Spanish?",
    "Rewrite this article as a tweet.",
    "Write a poem about this article.",
    "Traduis le titre en anglais.",
    "Übersetze den Titel ins Englische.",
  ],
};

describe("the prompt-kind table", () => {
  for (const [kind, wordings] of Object.entries(WORDINGS)) {
    it(`reads ${kind} in every wording and language`, () => {
      expect(wordings.map((prompt) => [prompt, readPromptTask(prompt)?.kind])).toEqual(
        wordings.map((prompt) => [prompt, kind]),
      );
    });
  }

  it("leaves questions about a thing to the question reader, whatever task word they hold", () => {
    const questions = [
      "What did the author say about inflation?",
      "What did Jerome Powell say about rates?",
      "Who said the bridge would close?",
      "Which companies make the chips?",
      "What is Trump's attitude towards China?",
      "How many people were quoted?",
      "What are the dates of the tour?",
      "What is the date of the vote?",
      "In one sentence, who is Jerome Powell?",
      "How do I debug WebAssembly? Give 3 bullet points",
      "Extract all the names of Arduino founders",
      "Who wrote it and when?",
      "What is the main river?",
    ];
    expect(questions.filter((prompt) => readPromptTask(prompt) !== undefined)).toEqual([]);
  });

  it("reads the number asked, in words or digits, in each language", () => {
    expect(readPromptTask("What are the 3 key points of this article?")?.count).toBe(3);
    expect(readPromptTask("Summarize this article in two sentences.")?.count).toBe(2);
    expect(readPromptTask("Give me a two-sentence summary.")?.count).toBe(2);
    expect(readPromptTask("Donne trois points clés.")?.count).toBe(3);
    expect(readPromptTask("Nenne drei Kernpunkte.")?.count).toBe(3);
    expect(readPromptTask("TL;DR")?.count).toBeUndefined();
  });

  it("takes as subject only what the prompt names after about, on, regarding …", () => {
    expect(readPromptTask("List 5 key points about ATF")?.subject).toBe("ATF");
    expect(readPromptTask("Give 4 bullet points on the survey findings")?.subject).toBe(
      "the survey findings",
    );
    expect(readPromptTask("Boil this down to a single line")?.subject).toBe("");
    expect(readPromptTask("Give me 3 bullet points on what matters here.")?.subject).toBe("");
    expect(readPromptTask("Summarize the key points of this article")?.subject).toBe("");
  });
});
