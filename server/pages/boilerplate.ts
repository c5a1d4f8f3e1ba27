/**
 * A conservative pass over the paragraphs Readability kept, in the spirit of jusText and trafilatura: it
 * drops what readers skip and Readability keeps. Only short blocks go: a dateline, an agency credit, a
 * comment-moderation notice, a newsletter box, a tag list, a "You may also like" heading with the links
 * under it, and link lists or stray labels at the very start or end of the article. Anything longer, or
 * in the middle of the text without those marks, stays.
 */
import type { TextBlock } from "./page-text";

/** Longest block a phrase rule may drop; a paragraph of the article is longer. */
const SHORT_BLOCK = 200;
/** A block whose text is at least this share of links reads as navigation. */
const LINK_DENSE = 0.7;
/** Edge blocks at most this long, without closing punctuation, are labels ("Share", "Advertisement"). */
const EDGE_LABEL = 40;
const EDGE_BLOCKS = 3;

const DATE_WORDS =
  "updated|posted|published|last updated|last modified|mis à jour|publié|modifié|aktualisiert|veröffentlicht|actualizado|publicado|atualizado|aggiornato|pubblicato";
/** "Updated Nov 19, 2024 6:55 AM", "Published: 12.03.2021", "Mis à jour le 3 mars". */
const DATELINE = new RegExp(`^(${DATE_WORDS})\\b[^.!?]{0,80}$`, "iu");

/** "By Reuters", "(AP)", "From the Associated Press": a credit line, not the article. */
const AGENCY_CREDIT =
  /^(by|from|source:?|via|par|von|por)?\s*\(?(reuters|the associated press|associated press|ap|afp|agence france-presse|dpa|efe|ansa|bloomberg|upi)\)?\s*(staff|news|wire)?\s*\.?$/iu;

const COMMENT_NOTICE =
  /\b(comments? (are|is) (now )?(moderated|closed|disabled)|comment moderation|we welcome (your )?comments|(read|see) our (community|comment(ing)?) (guidelines|policy)|leave a (comment|reply)|join the (conversation|discussion)|log ?in to (comment|reply)|commentaires? (sont|est) (modérés?|fermés?)|kommentare (werden moderiert|sind geschlossen)|los comentarios (están|son) moderados)\b/iu;

const NEWSLETTER =
  /\b(newsletters?|breaking news emails?|(sign up|subscribe)\b[^.]{0,60}\b(emails?|inbox|updates|alerts)|in your inbox|inscrivez-vous|abonnez-vous|jetzt abonnieren|suscríbete)\b/iu;

const TAG_LIST =
  /^(tags?|topics?|filed under|categories|catégories|mots-clés|schlagwörter|themen|etiquetas|temas)\s*:/iu;

/** Headings of a block of links to other pages; the link-dense blocks under one go with it. */
const RELATED_HEADING =
  /^(you (may|might) (also )?(like|enjoy)|related( articles| stories| posts| content| coverage| news)?|more (from|on|stories|like this|to read)|read (more|next|also)|recommended( for you| reading| stories)?|most (popular|read|viewed|shared)|trending( now| stories)?|popular (now|posts|stories)|editors'? picks|don'?t miss|à lire aussi|lire aussi|sur le même sujet|mehr zum thema|das könnte sie auch interessieren|(te puede|también te puede) interesar|leia também|notícias relacionadas|ti potrebbe interessare)\s*:?\s*$/iu;

const STRAY_LABEL =
  /^(advertisement|sponsored( content)?|share( this( article| story| page)?)?|print|email|comments?|\d+ comments?|publicité|anzeige|werbung|publicidad)\s*:?$/iu;

const CLOSING_PUNCTUATION = /[.!?…"”»)]$/u;

const linkShare = (block: TextBlock) => block.linkChars / Math.max(1, block.text.replace(/\s/g, "").length);

function isPhraseBoilerplate(text: string): boolean {
  if (text.length > SHORT_BLOCK) return false;
  return (
    (DATELINE.test(text) && /\d/.test(text)) ||
    AGENCY_CREDIT.test(text) ||
    COMMENT_NOTICE.test(text) ||
    NEWSLETTER.test(text) ||
    TAG_LIST.test(text) ||
    STRAY_LABEL.test(text)
  );
}

const isEdgeNoise = (block: TextBlock) =>
  !block.heading &&
  block.text.length <= SHORT_BLOCK &&
  (linkShare(block) >= LINK_DENSE ||
    (block.text.length <= EDGE_LABEL && !CLOSING_PUNCTUATION.test(block.text) && !/\d{4}/.test(block.text)));

/** The paragraphs without the boilerplate; all of them when the pass would leave nothing. */
export function withoutBoilerplate(blocks: TextBlock[]): string[] {
  const keep = blocks.map((block) => !isPhraseBoilerplate(block.text));

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

  // Edges: link lists and labels before the first and after the last paragraph that reads as text.
  for (let at = 0, seen = 0; at < blocks.length && seen < EDGE_BLOCKS; at++) {
    if (!keep[at]) continue;
    if (!isEdgeNoise(blocks[at] as TextBlock) || linkShare(blocks[at] as TextBlock) < LINK_DENSE) break;
    keep[at] = false;
    seen++;
  }
  for (let at = blocks.length - 1, seen = 0; at >= 0 && seen < EDGE_BLOCKS; at--) {
    if (!keep[at]) continue;
    if (!isEdgeNoise(blocks[at] as TextBlock)) break;
    keep[at] = false;
    seen++;
  }

  const kept = blocks.filter((_, at) => keep[at]).map((block) => block.text);
  return kept.length > 0 ? kept : blocks.map((block) => block.text);
}
