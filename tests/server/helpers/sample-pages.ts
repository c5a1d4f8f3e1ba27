import { NO_STATEMENTS, type PageStatements } from "../../../server/pages/statements/page-statements";
import type { ExtractedPage } from "../../../server/pages/types";

export interface PageOptions {
  url: string;
  title: string;
  text: string;
  author?: string;
  publishedDate?: string;
  image?: string;
  imageLinks?: string[];
  description?: string;
  language?: string;
  keywords?: string[];
  siteName?: string;
  statements?: PageStatements;
}

/** An extracted page as the extractor would hand it to a generator. */
export function makePage(options: PageOptions): ExtractedPage {
  const origin = new URL(options.url).origin;
  return {
    analysis: {
      url: options.url,
      id: `page-${options.url.length}-${options.title.length}`,
      title: options.title,
      text: options.text,
      favicon: `${origin}/favicon.ico`,
      extras: { imageLinks: options.imageLinks ?? [] },
      ...(options.author ? { author: options.author } : {}),
      ...(options.publishedDate ? { publishedDate: options.publishedDate } : {}),
      ...(options.image ? { image: options.image } : {}),
    },
    description: options.description ?? "",
    language: options.language,
    keywords: options.keywords ?? [],
    siteName: options.siteName ?? new URL(options.url).hostname,
    statements: options.statements ?? NO_STATEMENTS,
  };
}

/** A news article with headings, quoted people, organizations and dates. */
export const newsPage = makePage({
  url: "https://news.example.com/economy/central-bank-holds-rates",
  title: "Central bank holds interest rates as inflation cools",
  author: "Maria Lopez",
  publishedDate: "2024-03-20T14:30:00.000Z",
  image: "https://news.example.com/images/central-bank.jpg",
  imageLinks: [
    "https://news.example.com/images/central-bank.jpg",
    "https://news.example.com/images/chart-inflation.png",
  ],
  description: "The central bank kept its benchmark rate unchanged for a third meeting in a row.",
  language: "en",
  keywords: ["interest rates", "inflation", "central bank"],
  siteName: "Example News",
  text: [
    "The Federal Reserve kept its benchmark interest rate unchanged on Wednesday, holding it between 5.25% and 5.5% for a third consecutive meeting. Policymakers said inflation had cooled markedly over the past year but remained above their 2% target.",
    "Jerome Powell, the chair of the Federal Reserve, told reporters that the committee needed greater confidence before cutting rates. “We are not there yet,” he said, adding that the labor market remained strong.",
    "Inflation outlook",
    "Consumer prices rose 3.2% in February from a year earlier, according to the Bureau of Labor Statistics. Shelter costs accounted for most of the increase, while the price of used cars and airline fares fell. Economists expect inflation to keep easing through the summer as rent growth slows.",
    "Sarah Chen, chief economist at Northwind Capital, said the data supported a first rate cut in June. She warned, however, that energy prices could push headline inflation up again if oil keeps rising.",
    "Markets and the housing sector",
    "Stocks rose after the announcement, with the S&P 500 closing at a record high. Mortgage rates, which track long-term bond yields, have eased to about 6.7% from a peak near 8% in October 2023. Home builders said lower borrowing costs had revived demand from first-time buyers.",
    "Not everyone is optimistic. Small businesses say high borrowing costs still hurt their expansion plans, and credit card delinquencies have climbed to their highest level in a decade.",
    "What happens next?",
    "Officials projected three quarter-point cuts by the end of 2024, unchanged from their December forecast. The next policy meeting is scheduled for May 1, 2024. Any cut would be the first since March 2020, when the bank slashed rates to near zero at the start of the pandemic.",
  ].join("\n\n"),
});

/** A technical guide with an FAQ, steps and a contact address. */
export const guidePage = makePage({
  url: "https://docs.example.org/guides/webassembly-getting-started",
  title: "Getting started with WebAssembly",
  description: "Learn how to compile, load and debug your first WebAssembly module.",
  language: "en",
  siteName: "Example Docs",
  text: [
    "WebAssembly is a binary instruction format that runs in every modern browser at near-native speed. It lets you compile code written in languages such as Rust, C and Go and run it alongside JavaScript.",
    "Installing the toolchain",
    "First, install the Rust compiler with rustup and add the wasm32 target. The wasm-pack tool then builds the crate, generates JavaScript bindings and packages the result for npm. A typical build of a small library takes less than ten seconds on a laptop.",
    "Loading a module",
    "Browsers load WebAssembly through the WebAssembly.instantiateStreaming function, which compiles the module while it downloads. The module exports functions that JavaScript calls like ordinary functions. Memory is shared through a linear buffer that both sides can read and write.",
    "Debugging and performance",
    "Chrome and Firefox developer tools can step through WebAssembly code when the build includes DWARF debug information. For performance, avoid crossing the boundary between JavaScript and WebAssembly in tight loops, because every call has a small cost. Profiling usually shows that memory copies, not computation, dominate the run time.",
    "Is WebAssembly faster than JavaScript?",
    "For compute-heavy work such as image processing or physics simulations it is often two to three times faster. For code that mostly manipulates the DOM, JavaScript remains the better choice.",
    "Can WebAssembly access the network?",
    "Not directly: it calls JavaScript functions that use fetch or WebSockets on its behalf.",
    "Questions about this guide can be sent to docs-team@example.org.",
  ].join("\n"),
});

/** A French page: the tokenizer and ranking must cope with other Latin-script languages. */
export const frenchPage = makePage({
  url: "https://journal.example.fr/culture/festival-cannes",
  title: "Le festival de Cannes dévoile sa sélection officielle",
  language: "fr",
  siteName: "Journal Exemple",
  text: [
    "Le festival de Cannes a dévoilé jeudi la sélection officielle de sa prochaine édition, qui se tiendra du 14 au 25 mai. Vingt-deux films sont en compétition pour la Palme d'or.",
    "La présidente du jury, l'actrice Greta Gerwig, a salué une sélection « audacieuse et internationale ». Les cinéastes européens sont nombreux cette année, mais l'Asie et l'Amérique latine sont également bien représentées.",
    "Les organisateurs ont aussi annoncé une nouvelle section consacrée aux films d'animation. Les billets pour les projections publiques seront mis en vente le mois prochain.",
  ].join("\n\n"),
});

/** A page whose extractor found no text at all. */
export const emptyPage = makePage({
  url: "https://empty.example.com/",
  title: "",
  text: "",
});

/** About `targetChars` of varied article text, for timing; each `variant` is a different text. */
export function largePage(targetChars = 50_000, variant = 0): ExtractedPage {
  const paragraphs = [...newsPage.analysis.text.split("\n\n"), ...guidePage.analysis.text.split("\n")];
  const parts: string[] = [];
  let length = 0;
  for (let round = 0; length < targetChars; round++) {
    const paragraph = `${paragraphs[round % paragraphs.length]} (part ${round}.${variant})`;
    parts.push(paragraph);
    length += paragraph.length + 2;
  }
  return makePage({
    url: `https://large.example.com/long-read-${variant}`,
    title: "A long read",
    text: parts.join("\n\n"),
  });
}
