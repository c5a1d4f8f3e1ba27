/**
 * The text half of the boilerplate pass (the element half, by class and id, is boilerplate-elements.ts):
 * a conservative pass over the paragraphs Readability kept, in the spirit of jusText and trafilatura. It
 * drops what readers skip and Readability keeps, and only short blocks that say what they are: a dateline,
 * an agency credit, a comment-moderation notice, a newsletter call, a tag list, a share line, a wire
 * copyright, a "Read more:" promo, a "You may also like" heading with the links under it, and a section
 * label before the first paragraph. A block of the article's own prose is longer, or says none of it.
 */
import type { TextBlock } from "./page-text";
import { countVisible } from "./visible-chars";

/** Longest block a phrase rule may drop; a paragraph of the article is longer. */
const SHORT_BLOCK = 200;
/** A block whose text is at least this share of links reads as navigation. */
const LINK_DENSE = 0.7;
/** A section label ("World", "Économie") before the first paragraph is at most this long. */
const SECTION_LABEL = 30;

/** Where a word ends, in any script (`\b` knows ASCII letters only: "publié\b" never matches). */
const END = "(?![\\p{L}\\p{N}])";

const DATE_WORDS =
  "updated|posted|published|last updated|last modified|mis à jour|publié|modifié|aktualisiert|veröffentlicht|actualizado|publicado|atualizado|aggiornato|pubblicato";
/** "Updated Nov 19, 2024 6:55 AM", "Published: 12.03.2021", "Aktualisiert am 4. Juni 2025, 14:20 Uhr". */
const DATELINE = new RegExp(`^(${DATE_WORDS})${END}[^!?]{0,80}$`, "iu");

const MONTH =
  "jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|july|august|september|october|november|december";
/** A line that is a date and a time and nothing more: "Nov 19, 2025, 6:55 AM UTC". */
const DATE_TIME_ONLY = new RegExp(
  `^((mon|tue|wed|thu|fri|sat|sun)[a-z]*,? )?(${MONTH})\\.? \\d{1,2},? \\d{4},?( (at )?\\d{1,2}[:.]\\d{2}( ?[ap]\\.?m\\.?)?( [a-z]{2,4})?)?$`,
  "iu",
);

/** A byline line is at most this long. */
const BYLINE_LINE = 120;
const BYLINE_START = /^(by|par|von|por)\s+\p{Lu}/u;
const DATE_OR_TIME = new RegExp(`\\d{1,2}[:/.]\\d{2}|\\d{4}|(${MONTH})\\.? \\d{1,2}${END}`, "iu");

/**
 * A byline with its date: "By Justine Coleman - 11/18/19 11:04 PM EST", "By Ana Ruiz | March 3, 2025".
 * A sentence opening with "By" has no capital after it, or is longer, or ends as a sentence does.
 */
function isBylineWithDate(text: string): boolean {
  const capitalized = text.replace(/^(by|par|von|por)\b/i, (word) => word.toLowerCase());
  return (
    text.length <= BYLINE_LINE &&
    !CLOSING_PUNCTUATION.test(text) &&
    BYLINE_START.test(capitalized) &&
    DATE_OR_TIME.test(text)
  );
}

/** "By Reuters", "(AP)", "Par AFP", "Von dpa": a credit line, not the article. */
const AGENCY_CREDIT =
  /^(by|from|source:?|via|par|von|por)?\s*\(?(reuters|the associated press|associated press|ap|afp|agence france-presse|dpa|efe|ansa|bloomberg|upi)\)?\s*(staff|news|wire)?\s*\.?$/iu;

const COMMENT_NOTICE = new RegExp(
  `(comments? (are|is) (now )?(moderated|closed|disabled)|comment moderation|we welcome (your )?comments|(read|see) our (community|comment(ing)?) (guidelines|policy)|leave a (comment|reply)|join the (conversation|discussion)|log ?in to (comment|reply)|commentaires? (sont|est) (modérés?|fermés?)|kommentare (werden moderiert|sind geschlossen)|los comentarios (están|son) moderados)${END}`,
  "iu",
);

/** A call to subscribe: it starts with the verb and names the mail, or promises an inbox. */
const NEWSLETTER_CALL = new RegExp(
  `^\\W*(sign up|subscribe|get|join|receive|inscrivez-vous|abonnez-vous|abonnieren sie|suscríbete|recibe)${END}.{0,120}(newsletters?|emails?|inbox|bulletin|boletín|postfach)${END}|(in|to) your inbox|dans votre boîte|in ihr(em)? postfach`,
  "iu",
);
/** A newsletter box's title or button: short, no sentence. */
const NEWSLETTER_LABEL = new RegExp(`(newsletters?|abonnieren|suscribirme|je m’inscris)${END}`, "iu");

const TAG_LIST =
  /^(tags?|topics?|filed under|tagged|categories|catégories|mots-clés|schlagwörter|themen|etiquetas|temas)\s*:/iu;

/** WordPress's "Posted in Bread, Fermentation": the post's categories, as links. */
const FILED_UNDER = /^(posted|filed) (in|under) \S/iu;

/** Headings of a block of links to other pages; the link-dense blocks under one go with it. */
const RELATED_HEADING =
  /^(you (may|might) (also )?(like|enjoy)|more|related( articles| stories| posts| content| coverage| news)?|more (from|on|stories|like this|to read)( [\p{L} .]{1,30})?|read (more|next|also)|recommended( for you| reading| stories)?|most (popular|read|viewed|shared)( (in|on) [\p{L} .]{1,30})?|trending( now| stories)?|popular (now|posts|stories)|editors'? picks|don'?t miss|à lire aussi|lire aussi|sur le même sujet|mehr zum thema|das könnte sie auch interessieren|(te puede|también te puede) interesar|leia também|notícias relacionadas|ti potrebbe interessare)\s*(:|\.{3}|…)?\s*$/iu;

/** "READ MORE: <a headline>", "Lire aussi : <a headline>": a promo for another article. */
const PROMO_LEAD =
  /^(read more|read also|also read|see also|related|more|watch|lire aussi|à lire aussi|voir aussi|lesen sie auch|mehr zum thema|lee también|leer más|leia também)\s*:\s*\S/iu;

const STRAY_LABEL =
  /^(advertisement|advert|sponsored( content)?|story continues below( advertisement)?|continue reading below|share( this( article| story| page)?)?|\d+ comments?|(subscribe|sign up)( now| today)?|breaking news|latest news|publicité|anzeige|werbung|publicidad)\s*:?$/iu;

/** A picture viewer's controls and counter: "Image 1 of / 23", "Caption", "Close", "Enlarge image". */
const GALLERY_CONTROL =
  /^((image|photo|picture|slide|foto|bild)\s+)?\d+\s*(of|\/|de|von|sur|di)\s*\/?\s*\d+$|^(caption|close|enlarge( image)?|expand|view (gallery|slideshow))$/iu;

/** "Share on Facebook", "Partager sur X", "Facebook Twitter Email": a share bar's links. */
const SHARE_LINE =
  /^((share|partager|teilen|compartir|condividi|compartilhar)( (on|sur|auf|en|via|per) [\p{L} ]{1,20})?|((facebook|twitter|x|linkedin|whatsapp|e-?mail|print|pinterest|reddit|threads|telegram|flipboard)[\s|,·]*)+)$/iu;

/** A syndication or reuse notice: "This document is subject to copyright. Apart from any fair dealing…". */
const REUSE_NOTICE = /\b(this (document|article|story|material|content) is subject to copyright)/iu;

const WIRE_COPYRIGHT =
  /^(copyright|©)\s*(\(c\)\s*)?\d{4}\b.*(all rights reserved|may not be (published|reproduced|redistributed))/iu;

/** "Follow the Gazette on Facebook and Instagram for the latest news." */
const FOLLOW_US =
  /^follow (us|[\p{L}\p{N} &.'-]{1,40}) on (facebook|twitter|x|instagram|linkedin|tiktok|youtube|threads|bluesky|whatsapp)/iu;

/**
 * The writer's contact note after the story: "… may be reached at ana@example.com. Follow her on Twitter
 * @anaruiz", "Follow him on Twitter @mw. Follow us on Facebook.": a follow call beside a handle or an address.
 */
const FOLLOW_CALL =
  /(^|[.!?]\s+)follow (him|her|me|us|them) on (facebook|twitter|x|instagram|linkedin|tiktok|threads|bluesky)/iu;
const HANDLE_OR_ADDRESS = /(^|\s)@\w{2,}|\b[\w.+-]+@[\w-]+\.[\w.]+/u;
/** The note is one of the article's last blocks, and a short one. */
const CONTACT_NOTE_BLOCKS = 3;
const CONTACT_NOTE_TEXT = 600;

const CLOSING_PUNCTUATION = /[.!?…"”»)。！？」』]$/u;

const linkShare = (block: TextBlock) => block.linkChars / Math.max(1, countVisible(block.text));

function isPhraseBoilerplate(block: TextBlock): boolean {
  const { text } = block;
  if (text.length > SHORT_BLOCK)
    return (WIRE_COPYRIGHT.test(text) || REUSE_NOTICE.test(text)) && text.length <= 2 * SHORT_BLOCK;
  const label = text.length <= 60 && !CLOSING_PUNCTUATION.test(text);
  return (
    (DATELINE.test(text) && /\d/.test(text)) ||
    DATE_TIME_ONLY.test(text) ||
    AGENCY_CREDIT.test(text) ||
    isBylineWithDate(text) ||
    COMMENT_NOTICE.test(text) ||
    NEWSLETTER_CALL.test(text) ||
    (label && NEWSLETTER_LABEL.test(text)) ||
    TAG_LIST.test(text) ||
    (FILED_UNDER.test(text) && linkShare(block) >= 0.5) ||
    STRAY_LABEL.test(text) ||
    (label && SHARE_LINE.test(text) && linkShare(block) >= LINK_DENSE) ||
    WIRE_COPYRIGHT.test(text) ||
    REUSE_NOTICE.test(text) ||
    GALLERY_CONTROL.test(text) ||
    FOLLOW_US.test(text) ||
    isShoutedPromo(block) ||
    (PROMO_LEAD.test(text) && isMostlyLinkAfterLead(block))
  );
}

/**
 * A link to the site's own pages in capitals, on its own line: "CLICK HERE TO GET THE APP", another
 * story's headline shouted. A subheading in capitals is no link, a link in a sentence no block, and a link
 * in capitals to another site (a source: "CLICK FOR FULL RESULTS") is the article's.
 */
function isShoutedPromo(block: TextBlock): boolean {
  const { text } = block;
  return (
    !block.heading &&
    block.siteLinkChars / Math.max(1, countVisible(text)) >= LINK_DENSE &&
    text.split(/\s+/).length >= 3 &&
    /\p{Lu}/u.test(text) &&
    !/\p{Ll}/u.test(text)
  );
}

/** The text after the lead ("READ MORE:") is a link. */
function isMostlyLinkAfterLead(block: TextBlock): boolean {
  const rest = block.text.slice(block.text.indexOf(":") + 1);
  return block.linkChars >= LINK_DENSE * countVisible(rest);
}

/** A link to a section before the first paragraph ("World", "Économie"), not a sentence nor a heading. */
const isSectionLabel = (block: TextBlock) =>
  !block.heading &&
  linkShare(block) >= LINK_DENSE &&
  block.text.length <= SECTION_LABEL &&
  !CLOSING_PUNCTUATION.test(block.text) &&
  !/\d/.test(block.text) &&
  block.text.split(/\s+/).length <= 3;

/** What the pass knows of the page: its address and its title (both said above the story already). */
export interface ArticlePage {
  url: string;
  title: string;
}

const comparable = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();

/**
 * A line before the story that repeats what the page says above it: its title (kept by Readability when it
 * is not the first heading) or its own address (a print header).
 */
function isRepeatedHeader(block: TextBlock, page: ArticlePage): boolean {
  const text = comparable(block.text);
  return text === comparable(page.url) || (page.title !== "" && text === comparable(page.title));
}

/** "About the author": the heading of the writer's note after the story. */
const AUTHOR_HEADING =
  /^(about the (author|writer)|about (him|her|me)|über (den|die) autor(in)?|à propos de l[’']auteur|sobre (el|la|o|a) autor(a)?)\s*:?$/iu;
/** The note under it is a name, a handle, a few sentences: at most so many blocks of a paragraph's length. */
const AUTHOR_NOTE_BLOCKS = 4;

/**
 * The writer's note at the end of the story: a short heading ("About the Author") and at most a few
 * paragraph-sized blocks under it, up to the end of the article. A heading followed by more is a section
 * of the story about someone.
 */
function dropAuthorNote(blocks: TextBlock[], keep: boolean[]): void {
  const at = blocks.findIndex((block) => AUTHOR_HEADING.test(block.text));
  if (at < 0) return;
  const under = blocks.slice(at + 1);
  if (under.length > AUTHOR_NOTE_BLOCKS || under.some((block) => block.text.length > 2 * SHORT_BLOCK)) return;
  keep.fill(false, at);
}

/** The paragraphs without the boilerplate; all of them when the pass would leave nothing. */
export function withoutBoilerplate(blocks: TextBlock[], page?: ArticlePage): string[] {
  const keep = blocks.map((block) => !isPhraseBoilerplate(block));

  // Before the first paragraph of prose only: a story may quote its own title later on.
  for (let at = 0; page && at < blocks.length; at++) {
    const block = blocks[at] as TextBlock;
    if (block.text.length > SHORT_BLOCK) break;
    if (isRepeatedHeader(block, page)) keep[at] = false;
  }

  for (let at = 0; at < blocks.length; at++) {
    const block = blocks[at] as TextBlock;
    if (block.text.length > SHORT_BLOCK || !RELATED_HEADING.test(block.text)) continue;
    keep[at] = false;
    for (let next = at + 1; next < blocks.length; next++) {
      const under = blocks[next] as TextBlock;
      if (under.text.length > SHORT_BLOCK || linkShare(under) < LINK_DENSE) break;
      keep[next] = false;
      at = next;
    }
  }

  dropAuthorNote(blocks, keep);
  for (let at = Math.max(0, blocks.length - CONTACT_NOTE_BLOCKS); at < blocks.length; at++) {
    const { text } = blocks[at] as TextBlock;
    if (text.length <= CONTACT_NOTE_TEXT && FOLLOW_CALL.test(text) && HANDLE_OR_ADDRESS.test(text))
      keep[at] = false;
  }

  const first = keep.indexOf(true);
  if (first >= 0 && isSectionLabel(blocks[first] as TextBlock)) keep[first] = false;

  const kept = blocks.filter((_, at) => keep[at]).map((block) => block.text);
  return kept.length > 0 ? kept : blocks.map((block) => block.text);
}
