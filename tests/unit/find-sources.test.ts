import { describe, expect, it } from "vitest";
import { findSources, indexPage } from "../../lib/sources/find-sources";

const PAGE = [
  "City council approves the new tram line",
  "The city council voted on Tuesday to build a tram line between the station and the university.",
  "Construction will start on 3 March 2025 and cost €120 million, the mayor said.",
  "Critics argue the budget leaves no room for cycling lanes. Résidents near the depot worry about noise at night.",
  "The line should carry 40,000 passengers a day once it opens in 2028.",
].join("\n");

const page = indexPage(PAGE);

function sourceTexts(answer: string) {
  const found = findSources(answer, page);
  return found.sentences.map((sentence) =>
    sentence.passage === null ? null : (found.passages[sentence.passage]?.text ?? "missing"),
  );
}

describe("findSources", () => {
  it("finds a quoted sentence exactly, with its Markdown emphasis off and white space folded", () => {
    const found = findSources(
      "The mayor said so: **Construction will start on 3 March 2025**   and cost €120 million.",
      page,
    );
    expect(found.sentences).toHaveLength(1);
    expect(found.sentences[0]?.match).toBe("paraphrase");
    const quoted = findSources(
      "- *Critics argue the budget leaves no room for cycling lanes.*\n- Residents near the   depot worry about noise at night.",
      page,
    );
    expect(quoted.sentences.map((sentence) => sentence.match)).toEqual(["quote", "quote"]);
    expect(quoted.passages.map((passage) => passage.text)).toEqual([
      "Critics argue the budget leaves no room for cycling lanes.",
      "Résidents near the depot worry about noise at night.",
    ]);
  });

  it("gives each passage's offsets in the page text", () => {
    const found = findSources("The line should carry 40,000 passengers a day once it opens in 2028.", page);
    const passage = found.passages[0];
    expect(passage && PAGE.slice(passage.start, passage.end)).toBe(passage?.text);
    expect(passage?.text).toBe("The line should carry 40,000 passengers a day once it opens in 2028.");
  });

  it("matches a paraphrase by the content words it shares with a passage", () => {
    expect(
      sourceTexts(
        "According to the article, councillors voted to build a tram between station and university.",
      ),
    ).toEqual([
      "The city council voted on Tuesday to build a tram line between the station and the university.",
    ]);
  });

  it("numbers one marker per distinct passage, in the order the answer cites them", () => {
    const found = findSources(
      "Critics argue the budget leaves no room for cycling lanes. The council voted to build a tram line to the university. Critics say the budget leaves no room for cycling lanes.",
      page,
    );
    expect(found.sentences.map((sentence) => sentence.passage)).toEqual([0, 1, 0]);
    expect(found.passages).toHaveLength(2);
  });

  it("requires a sentence's numbers and dates as written", () => {
    expect(sourceTexts("Construction will start in March 2025 and cost €120 million.")).toEqual([
      "Construction will start on 3 March 2025 and cost €120 million, the mayor said.",
    ]);
    expect(sourceTexts("Construction will start in March 2026 and cost €120 million.")).toEqual([null]);
    expect(sourceTexts("The line should carry 50,000 passengers a day once it opens.")).toEqual([null]);
  });

  it("gives no source to a sentence the page does not support, nor to a sentence too short to say anything", () => {
    expect(sourceTexts("The football club signed a new striker from Brazil last summer.")).toEqual([null]);
    expect(sourceTexts("Yes. In short, the tram.")).toEqual([null, null]);
    expect(sourceTexts("The council plans a new airport near the university station.")).toEqual([null]);
    expect(findSources("Anything at all about trams and councils.", indexPage("")).passages).toEqual([]);
  });

  it("gives a short sentence a source only when it quotes a whole passage", () => {
    const short = indexPage(
      "About 23,000 die. Earlier this year, about 23,000 people fell ill in the region.",
    );
    const found = findSources("About 23,000 die. About 23,000 fell.", short);
    expect(found.sentences.map((sentence) => sentence.match)).toEqual(["quote", null]);
    expect(found.passages.map((passage) => passage.text)).toEqual(["About 23,000 die."]);
  });

  it("folds accents both ways", () => {
    expect(sourceTexts("Residents near the dépôt worry about noise at night.")).toEqual([
      "Résidents near the depot worry about noise at night.",
    ]);
  });

  it("indexes 1 MB of page text and matches an answer in it", () => {
    const filler = "Lorem ipsum dolor sit amet, consectetur adipiscing elit sed do eiusmod tempor. ";
    const big = `${filler.repeat(Math.ceil(1_000_000 / filler.length / 2))}${PAGE}\n${filler.repeat(Math.ceil(1_000_000 / filler.length / 2))}`;
    const found = findSources(
      "Critics argue the budget leaves no room for cycling lanes. Councillors voted to build a tram between station and university.",
      indexPage(big),
    );
    expect(found.passages.map((passage) => big.slice(passage.start, passage.end))).toEqual([
      "Critics argue the budget leaves no room for cycling lanes.",
      "The city council voted on Tuesday to build a tram line between the station and the university.",
    ]);
  });
});
