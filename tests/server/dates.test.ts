import { describe, expect, it } from "vitest";
import { DATE_MENTION, dateIn } from "../../server/generate/text/dates";

/** The date mentions of `text`, as the answer spans find them. */
function mentions(text: string): string[] {
  return [...text.matchAll(DATE_MENTION)].map((match) => match[0].replace(/[\s,.]+$/, ""));
}

describe("dateIn: the first date a text gives, as precise as it is written", () => {
  it("reads English dates in either order, with ordinals and abbreviations", () => {
    expect(dateIn("Published March 14, 2025 by the desk.")).toBe("2025-03-14");
    expect(dateIn("On the 1st of them, 14th March 2025, it rained.")).toBe("2025-03-14");
    expect(dateIn("Updated Sept. 3, 2024")).toBe("2024-09-03");
    expect(dateIn("It opened in May 2021.")).toBe("2021-05");
    expect(dateIn("Founded in 1998, it grew.")).toBe("1998");
  });

  it("reads French dates, with “1er” and lower-case months", () => {
    expect(dateIn("Publié le 1er mars 2024 à Paris.")).toBe("2024-03-01");
    expect(dateIn("Mis à jour le 14 décembre 2023")).toBe("2023-12-14");
    expect(dateIn("Le 3 août 2022, la ville a voté.")).toBe("2022-08-03");
    expect(dateIn("En février 2020, tout a changé.")).toBe("2020-02");
  });

  it("reads German dates, with “1.” and numeric day-month-year", () => {
    expect(dateIn("Veröffentlicht am 5. März 2024 in Berlin.")).toBe("2024-03-05");
    expect(dateIn("Stand: 1. Oktober 2023")).toBe("2023-10-01");
    expect(dateIn("Zuletzt geändert am 05.03.2024.")).toBe("2024-03-05");
    expect(dateIn("Im Dezember 2019 begann es.")).toBe("2019-12");
  });

  it("reads Spanish dates, with “de” between the parts", () => {
    expect(dateIn("Publicado el 5 de marzo de 2024.")).toBe("2024-03-05");
    expect(dateIn("El 1 de enero de 2000 llegó.")).toBe("2000-01-01");
    expect(dateIn("En septiembre de 2018 se fundó.")).toBe("2018-09");
  });

  it("prefers an ISO date, and skips days that do not exist and English month names that are other words", () => {
    expect(dateIn("Since March 2020, and on 2024-02-29 again.")).toBe("2024-02-29");
    expect(dateIn("Due February 30, 2023; held 2 February 2023.")).toBe("2023-02-02");
    expect(dateIn("It may 2023 be late; it came in June 2023.")).toBe("2023-06");
    expect(dateIn("No date here at all.")).toBeUndefined();
  });
});

describe("DATE_MENTION: dates in a sentence, for the answer spans", () => {
  it("finds dates in each language", () => {
    expect(mentions("The bridge opened on 14 March 2025 after a delay.")).toEqual(["14 March 2025"]);
    expect(mentions("It opened on March 14, 2025.")).toEqual(["March 14, 2025"]);
    expect(mentions("Le pont a ouvert le 1er mars 2024.")).toEqual(["1er mars 2024"]);
    expect(mentions("Die Brücke wurde am 5. März 2024 eröffnet.")).toEqual(["5. März 2024"]);
    expect(mentions("El puente abrió el 5 de marzo de 2024.")).toEqual(["5 de marzo de 2024"]);
    expect(mentions("It was built in the 1990s and rebuilt in 2011.")).toEqual(["1990s", "2011"]);
  });
});
