import { describe, expect, it } from "vitest";
import { type PageField, type PromptKind, readPrompt } from "../../server/generate/text/prompt";
import type { AnswerType } from "../../server/generate/text/question-words";
import { contentTerms } from "../../server/generate/text/terms";

type Row = [prompt: string, kind: PromptKind, answerType?: AnswerType];

/** What the offline generator reads from each prompt: the table docs/generation.md describes. */
const INTENTS: Row[] = [
  ["Who wrote the Declaration of Independence?", "factual", "person"],
  ["Who founded the company?", "factual", "person"],
  ["Who is Ada Lovelace?", "definition" as never, undefined],
  ["When was the bridge opened?", "factual", "date"],
  ["What year did the war end?", "factual", "date"],
  ["In which century does the story begin?", "factual", "date"],
  ["Where is the Eiffel Tower?", "factual", "place"],
  ["Which country hosted the games?", "factual", "place"],
  ["What is the capital of France?", "factual", "place"],
  ["How many people live in the city?", "factual", "number"],
  ["How much did the project cost?", "factual", "number"],
  ["How old is the president?", "factual", "number"],
  ["How long does the journey take?", "factual", "duration"],
  // "How long" of a thing is its length, of an event (or a thing's state) a duration.
  ["How long is the bridge?", "factual", "length"],
  ["How long is the river Thames?", "factual", "length"],
  ["How long are the articles you should avoid writing?", "factual", "length"],
  ["How long was the strike?", "factual", "duration"],
  ["How long is the arctic tern's round trip?", "factual", "duration"],
  ["How long was World War II?", "factual", "duration"],
  ["How long is the bridge closed?", "factual", "duration"],
  ["For how long are Internet-Drafts valid at most?", "factual", "duration"],
  ["Which company makes the headset?", "factual", "organization"],
  ["What is photosynthesis?", "factual", "definition"],
  ["Why did the council delay the line?", "factual", "reason"],
  ["How does the starter work?", "factual", "manner"],
  ["What did Jerome Powell tell reporters?", "factual", "thing"],
  ["Which museum did the gunmen attack?", "factual", "name"],
  ["What kind of pearls adorn the dress?", "factual", "name"],
  ["What z-score did the status code get?", "factual", "number"],
  ["How many lists does the root of the object contain?", "factual", "number"],
  ["Is the project over budget?", "yesno"],
  ["Does the headset need a cable?", "yesno"],
  ["Can users know what they are buying?", "yesno"],
  ["Summarize the article", "summary"],
  ["Give me a short summary", "summary"],
  ["TL;DR", "summary"],
  ["What is this article about?", "summary"],
  ["inflation", "summary"],
  ["List the key points about inflation", "list"],
  ["Give me 3 bullet points about the tram line", "list"],
  ["What are 3 reasons for the delay?", "list"],
  ["Extract the names of the people quoted", "extraction"],
  ["Extract all the dates", "extraction"],
  ["Qui préside le jury ?", "factual", "person"],
  ["Combien de films sont en compétition ?", "factual", "number"],
  ["¿Dónde vive el autor?", "factual", "place"],
  ["Wann wurde das Haus gebaut?", "factual", "date"],
];

describe("the intent of a prompt", () => {
  it.each(INTENTS.filter(([, kind]) => kind !== ("definition" as never)))(
    "%s → %s %s",
    (prompt, kind, type) => {
      const intent = readPrompt(prompt);
      expect(intent.kind).toBe(kind);
      expect(intent.answerType).toBe(type);
    },
  );

  it('keeps "long" to look for with a length ("1,340 metres long"), not as a word of the question', () => {
    expect(readPrompt("How long is the bridge?")).toMatchObject({
      terms: contentTerms("bridge"),
      measureTerm: contentTerms("long")[0],
    });
    expect(readPrompt("How long was the strike?").measureTerm).toBeUndefined();
  });

  it("reads 'Who is <a name>?' as asking what the person is", () => {
    expect(readPrompt("Who is Ada Lovelace?")).toMatchObject({ kind: "factual", answerType: "definition" });
    expect(readPrompt("Who is the author?").pageFields).toEqual(["author"]);
  });

  it.each<[string, PageField[]]>([
    ["Who wrote it and when?", ["author", "date"]],
    ["Who wrote this article?", ["author"]],
    ["When was the article published?", ["date"]],
    ["What is the title of this page?", ["title"]],
    ["Which site published it?", ["site"]],
    ["How long is this article?", ["length"]],
    ["What language is the page written in?", ["language"]],
    ["Who wrote the Declaration of Independence?", []],
    ["When was the bridge opened?", []],
    ["What is the author's place-and-route tool named?", []],
  ])("%s asks about the page: %j", (prompt, fields) => {
    expect(readPrompt(prompt).pageFields).toEqual(fields);
  });

  it("drops instruction words only where they instruct", () => {
    const terms = (prompt: string) => readPrompt(prompt).terms;
    expect(terms("Summarize the article in 3 bullet points")).toEqual([]);
    expect(terms("Please list the main points of this page")).toEqual([]);
    expect(terms("Give me a brief overview of the housing market")).toEqual(contentTerms("housing market"));
    // The same words carry meaning inside a question.
    expect(terms("What is the main river?")).toEqual(contentTerms("main river"));
    expect(terms("What general led the army?")).toEqual(contentTerms("general led army"));
    expect(terms("How is a number of users counted?")).toEqual(contentTerms("number users counted"));
    expect(terms("Which tools does the show use?")).toEqual(contentTerms("tools show use"));
  });

  it("sizes the answer by what the prompt asks for", () => {
    expect(readPrompt("When was the bridge opened?")).toMatchObject({ sentenceCount: 3, maxWords: 60 });
    expect(readPrompt("In one sentence, who is Jerome Powell?").sentenceCount).toBe(1);
    expect(readPrompt("Explain in detail why the bridge cost more").maxWords).toBeGreaterThan(60);
    expect(readPrompt("Give 4 bullet points")).toMatchObject({
      kind: "list",
      wantsList: true,
      sentenceCount: 4,
    });
    expect(readPrompt("Summarize briefly").sentenceCount).toBe(3);
  });

  it("reads a prompt in its own language, else the page's", () => {
    expect(readPrompt("Qui préside le jury ?", "en").language).toBe("fr");
    expect(readPrompt("When was it built?", "fr").language).toBe("en");
    expect(readPrompt("jury", "fr").language).toBe("fr");
    // A French title inside an English question does not make the question French.
    expect(readPrompt("Who wrote L’être et le Néon?", "en")).toMatchObject({
      language: "en",
      answerType: "person",
    });
    expect(readPrompt("Was ist das?", "en").language).toBe("de");
  });
});
