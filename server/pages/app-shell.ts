/**
 * What a fetched HTML page shows before any of its scripts runs: its visible text, counted once, decides
 * both whether the page is an app shell (the `auto` render policy renders those) and whether it can be read
 * as fetched (a page that can is never failed by its rendering: it falls back to what was fetched).
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import { Parser } from "htmlparser2";

/** Below this much visible text (letters and digits), a page with scripts is rendered; from here on, it reads. */
const SHELL_TEXT_CHARS = 300;
/** With an app root (`<div id="root">`), below this much. Past it, nothing is left to decide: the count stops. */
const APP_TEXT_CHARS = 1_000;
/**
 * The page is read in slices of this much, the event loop turning between them: a page of 5 MiB of markup
 * without text (the fetcher's cap) takes about 120 ms to scan, and no other request waits for all of it.
 */
const SLICE_CHARS = 64 * 1024;
const APP_ROOT_IDS = new Set([
  "root",
  "app",
  "__next",
  "__nuxt",
  "svelte",
  "main-app",
  "application",
  "q-app",
]);
const HIDDEN_ELEMENTS = new Set(["script", "style", "noscript", "template", "head", "svg", "title"]);
const DATA_SCRIPT = /^(application\/(ld\+)?json|text\/template|text\/x-template)$/i;
const WORD_CHARACTER = /[\p{L}\p{N}]/gu;

export interface FetchedHtmlText {
  /**
   * Letters and digits outside script, style, head and the like, as the page is fetched; counted up to
   * 1,000, where nothing is left to decide.
   */
  textChars: number;
  /** It runs scripts and shows little text (or some, around an app root): rendering may show the rest. */
  appShell: boolean;
  /** It has text enough (300 letters and digits) to be read without its scripts. */
  readable: boolean;
}

/**
 * Reads the whole page (the fetcher caps it at 5 MiB) with one pass of the tokenizer, no tree, and stops as
 * soon as the page has shown enough text to be no shell. Script and style bodies are skipped by the
 * tokenizer itself (it looks for their end tag only), so text that comes after a megabyte of inline script
 * is found: server-rendered shop pages put theirs there.
 */
export async function inspectFetchedHtml(html: string): Promise<FetchedHtmlText> {
  let scripts = 0;
  let appRoot = false;
  let textChars = 0;
  let hidden = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === "script" && !DATA_SCRIPT.test(attributes.type ?? "")) scripts++;
        if (APP_ROOT_IDS.has(attributes.id ?? "")) appRoot = true;
        if (HIDDEN_ELEMENTS.has(name)) hidden++;
      },
      onclosetag(name) {
        if (HIDDEN_ELEMENTS.has(name) && hidden > 0) hidden--;
      },
      ontext(text) {
        if (hidden > 0 || textChars >= APP_TEXT_CHARS) return;
        textChars += countWordCharacters(text, APP_TEXT_CHARS - textChars);
        if (textChars >= APP_TEXT_CHARS) parser.pause();
      },
    },
    { decodeEntities: true },
  );
  for (let at = 0; at < html.length && textChars < APP_TEXT_CHARS; at += SLICE_CHARS) {
    if (at > 0) await nextTurn();
    parser.write(html.slice(at, at + SLICE_CHARS));
  }
  if (textChars < APP_TEXT_CHARS) parser.end();
  return {
    textChars,
    appShell: scripts > 0 && (textChars < SHELL_TEXT_CHARS || (appRoot && textChars < APP_TEXT_CHARS)),
    readable: textChars >= SHELL_TEXT_CHARS,
  };
}

/** Letters and digits in `text`, counted up to `limit` (one match at a time: no array of them all). */
function countWordCharacters(text: string, limit: number): number {
  WORD_CHARACTER.lastIndex = 0;
  let count = 0;
  while (count < limit && WORD_CHARACTER.exec(text) !== null) count++;
  return count;
}

/** Whether a page needs rendering to be read (the `auto` policy). */
export async function looksLikeAppShell(html: string): Promise<boolean> {
  return (await inspectFetchedHtml(html)).appShell;
}
