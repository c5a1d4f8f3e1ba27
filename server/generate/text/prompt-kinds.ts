/**
 * What an instruction asks the offline generator to do, read from its wording alone: summarize, key
 * points, TL;DR, who is quoted, named entities, tone, dates and numbers, main argument, explain, or what
 * it cannot do (translate, rephrase, write new text). One table, in English, French, Spanish and German
 * (the languages prompt.ts reads questions in). The words of a task are never content to search the page
 * for: only a subject named after "about", "on", "regarding" … is (`subject`), so "Boil this down" or
 * "What's the mood of this piece?" never gets "The page does not mention “boil”".
 * A prompt none of these rows claims is a question or a plain request (prompt.ts reads it).
 */

import { NUMBER_WORDS } from "./number-words";
import { rememberRecent } from "./recent-answers";
import { contentTerms, DEFAULT_LANGUAGE, detectLanguage } from "./terms";

export type TaskKind =
  | "summary"
  | "tldr"
  | "key-points"
  | "main-argument"
  | "explain"
  | "quoted"
  | "entities"
  | "tone"
  | "figures"
  | "cannot";

export interface PromptTask {
  kind: TaskKind;
  /** How many sentences or points the prompt asks for, when it says ("3 key points", "deux phrases"). */
  count?: number;
  /** What the task is about when the prompt names it ("key points about ATF" → "ATF"); "" when nothing. */
  subject: string;
  /** For "cannot": what the generator cannot do, as a verb phrase ("translate", "write new text"). */
  cannot?: string;
}

// Flags: case-insensitive and Unicode (accented words, \p classes). Each row is tried in order: the
// first that matches decides, so the more specific ones (translate, quoted, entities …) come first.
const F = "iu";
const THE_PAGE = String.raw`(?:it|this|that|the|this\s+\w+|the\s+\w+)`;
const ENTITY_NOUN =
  "(?:people|persons|individuals|names|companies|organi[sz]ations|firms|institutions|places|locations|countries|cities|brands|businesses|groups|agencies)";
/** "people, organizations and places": one or more of the nouns that name kinds of entities. */
const ENTITY_NOUNS = String.raw`${ENTITY_NOUN}(?:\s*(?:,|and|or|&|as\s+well\s+as)\s*(?:and\s+)?${ENTITY_NOUN})*`;

/** Rows of the table: a kind and the wordings that ask for it, in each language we read. */
const TASK_ROWS: ReadonlyArray<readonly [TaskKind, RegExp]> = [
  [
    "cannot",
    new RegExp(
      [
        String.raw`\btranslat(?:e|ion|ing)\b`,
        String.raw`\b(?:re-?write|re-?phrase|paraphrase|reword|rework)\b`,
        String.raw`\b(?:write|compose|draft|create|generate|make)\s+(?:me\s+)?(?:a|an|some|\d+|two|three)?\s*(?:new\s+|short\s+|catchy\s+|funny\s+|better\s+|alternative\s+|different\s+|social\s+media\s+)*(?:tweets?|poems?|emails?|e-mails?|letters?|headlines?|titles?|essays?|songs?|limericks?|haikus?|jokes?|replies|reply|responses?|posts?|threads?|stories|story|scripts?|slogans?|captions?|press\s+releases?|cover\s+letters?|linkedin\s+posts?|blog\s+posts?)\b`,
        String.raw`\b(?:turn|convert|make)\s+${THE_PAGE}\s+into\s+an?\s+\w+`,
        String.raw`\b(?:in|into)\s+(?:french|spanish|german|italian|portuguese|chinese|japanese|russian|arabic|dutch|korean|hindi)\b`,
        // French, Spanish, German
        String.raw`\btradui[rstz]\w*|\btraduc\w*|\btraduz\w*|(?<!\p{L})übersetz\w*|\breformule\w*|\breescrib\w*|\bumschreib\w*|(?<!\p{L})écri[rsv]\w*\s+(?:un|une)\s+(?:tweet|poème|e-?mail|lettre)`,
        String.raw`\ben\s+(?:anglais|allemand|espagnol|italien)\b|\ben\s+(?:inglés|francés|alemán)\b|\bauf\s+(?:englisch|französisch|spanisch)\b`,
      ].join("|"),
      F,
    ),
  ],
  [
    "quoted",
    new RegExp(
      [
        String.raw`\bwho\s+(?:is|are|was|were|gets?|got)\s+(?:being\s+)?(?:quoted|cited|interviewed)\b`,
        String.raw`\b(?:quotes?|quotations?|quoted|citations?)\b(?!\s+(?:marks?|from\s+the\s+title))`,
        String.raw`\bwho\s+(?:speaks|talks|is\s+speaking|are\s+the\s+(?:sources|speakers|voices|people\s+(?:interviewed|who\s+speak)))\b`,
        String.raw`\b(?:sources|speakers|voices|people|experts|officials)\s+(?:quoted|cited|interviewed|heard)\b`,
        String.raw`\bwho\s+says\s+what\b|\bwhat\s+(?:do|did)\s+(?:they|the\s+(?:people|sources|experts|speakers|officials|interviewees))\s+(?:all\s+)?(?:say|said|tell)\b`,
        // French, Spanish, German
        String.raw`\bqui\s+est\s+cité|\bcitations?\b|\bqui\s+parle|\bquién\s+(?:es|está)\s+citad|\bcitas\b|\bcitad[oa]s\b|\bwer\s+wird\s+zitiert|\bzitate?\b|\bzitiert\b|\bwer\s+kommt\s+zu\s+wort`,
      ].join("|"),
      F,
    ),
  ],
  [
    "entities",
    new RegExp(
      [
        String.raw`\b(?:named\s+)?entit(?:y|ies)\b`,
        String.raw`\b(?:which|what|who\s+are\s+the|any)\s+(?:other\s+)?${ENTITY_NOUNS}(?!\s+of\b)(?=\s*(?:$|[?.!(]|(?:are|were|is)\s+(?:there|mentioned|named|in|cited|referenced|involved)|(?:does|do|did)\s+(?:it|this|the|they)|(?:mentioned|named|cited|referenced|involved|appear|feature)|(?:in|from)\s+(?:it|this|the)))`,
        String.raw`\b(?:list|name|extract|pull\s+out|identify|find|give\s+me|show\s+me|all)\s+(?:all\s+|every\s+)?(?:of\s+)?(?:the\s+)?(?:main\s+|key\s+|important\s+)?${ENTITY_NOUNS}(?!\s+of\b)`,
        String.raw`\b(?:people|persons|names|companies|organi[sz]ations|places|locations)\b[^.?!]{0,40}\b(?:mentioned|named|referenced|appear|featured|does\s+(?:it|the\s+\w+)\s+(?:mention|name|cite)|are\s+in)\b`,
        String.raw`\bwho\s+and\s+what\s+(?:is|are)\s+mentioned\b|\bwho(?:'s|\s+is|\s+are)\s+(?:mentioned|named|involved|in\s+(?:it|this|the\s+\w+))\s*[?.]?$`,
        // French, Spanish, German
        String.raw`\bentités?\s+nommées|\bentidades?\b|\bpersonnes?,?\s+(?:et\s+)?(?:organisations|lieux)|\bpersonas,?\s+(?:y\s+)?(?:organizaciones|lugares)|\bpersonen,?\s+(?:und\s+)?(?:organisationen|orte)|\bentitäten\b|\beigennamen\b`,
      ].join("|"),
      F,
    ),
  ],
  [
    "tone",
    new RegExp(
      [
        String.raw`\b(?:tone|mood|sentiment|tenor|attitude|slant|vibe|feel)\b(?=\s*(?:analysis\b|(?:of|in)\s+(?:this|the|its)\s+(?:\w+\s+)?(?:article|piece|page|text|story|post|essay|writing|author|writer|report|coverage|blog|news|content|reporting)\b|here\b|overall\b|[?.!]|$|(?:does|do|is|are|was)\b|(?:of|in)\s+it\b))`,
        String.raw`\b(?:overall|its|general|emotional|the\s+(?:article|piece|page|text|story|author|writer|post)(?:'s|’s)?)\s+(?:tone|mood|sentiment|tenor|attitude|slant|vibe|feel)\b`,
        String.raw`\bpositive\s+or\s+negative\b|\bnegative\s+or\s+positive\b|\boptimistic\s+or\s+pessimistic\b|\bgood\s+(?:news\s+)?or\s+bad\s+news\b|\b(?:upbeat|gloomy|critical|favou?rable|hopeful)\s+or\b`,
        String.raw`\bis\s+(?:it|this|the\s+\w+)\s+(?:biased|positive|negative|optimistic|pessimistic|upbeat|critical|favou?rable|hostile|neutral)\b`,
        String.raw`\bhow\s+does\s+(?:it|this|the\s+\w+)\s+(?:feel|sound|come\s+across)\b|\b(?:author|writer)(?:'s|’s)?\s+(?:stance|feelings?|opinion\s+of\s+the\s+(?:topic|subject))\b`,
        // French, Spanish, German
        String.raw`\bton\s+(?:de|du|général)|\btonalité\b|\bsentiment\s+général|\btono\b|\bsentimiento\b|\bstimmung\b|\btonfall\b|\bgrundton\b|\btonalität\b`,
      ].join("|"),
      F,
    ),
  ],
  [
    "figures",
    new RegExp(
      [
        String.raw`\b(?:dates?|numbers?|figures?|statistics|stats|amounts?|percentages?|numerical\s+(?:data|facts|details)|data\s+points|key\s+dates|sums|prices|quantities|timeline)\b(?:\s*(?:,|and|or|&)\s*(?:dates?|numbers?|figures?|statistics|stats|amounts?|percentages?|sums|prices|quantities|times))*\s+(?:(?:are|were|is)\s+)?(?:mentioned|cited|given|stated|quoted|reported|in\s+${THE_PAGE}|from\s+${THE_PAGE}|it\s+(?:gives|mentions|cites|contains)|does\s+(?:it|the\s+\w+)\s+(?:give|mention|cite|contain))`,
        String.raw`\b(?:list|extract|pull(?:\s+out)?|give|show|collect|find|get|what\s+are|which\s+are|all|every|any|the\s+key|the\s+main|the\s+important)\s+(?:me\s+)?(?:all\s+|every\s+|of\s+)?(?:the\s+)?(?:relevant\s+|key\s+|important\s+|main\s+|numerical\s+)?(?:dates?|numbers?|figures?|statistics|stats|amounts?|percentages?|numerical\s+(?:data|facts|details)|data\s+points|sums|prices|quantities|timeline)\b(?!\s+(?:of|for|when|that|which|who)\b)`,
        String.raw`\bwhat\s+(?:do|does)\s+the\s+(?:numbers|figures|statistics|stats|data)\s+say\b|\bby\s+the\s+numbers\b|\b(?:dates?|numbers?|figures?)\s+(?:and|&)\s+(?:dates?|numbers?|figures?|statistics|amounts)\b`,
        // French, Spanish, German
        String.raw`\bdates\s+et\s+(?:les\s+)?(?:chiffres|nombres)|\bchiffres\b|\bfechas\s+y\s+(?:los\s+)?(?:números|cifras)|\bcifras\b|\bdaten\s+und\s+zahlen|\bzahlen\s+und\s+daten|\bzahlen\b|\bstatistiques\b|\bestadísticas\b|\bstatistiken\b`,
      ].join("|"),
      F,
    ),
  ],
  [
    "key-points",
    new RegExp(
      [
        String.raw`\b(?:key|main|major|important|essential|central|principal|top|core)\s+(?:points|facts|ideas|findings|messages|takeaways|highlights|lessons|details|insights|themes|issues)\b`,
        String.raw`\btake-?aways?\b|\bhighlights\b|\bthings\s+to\s+know\b|\bwhat\s+(?:should|do)\s+i\s+(?:know|remember)\b|\bmost\s+important\s+(?:points|things|facts|parts|ideas|takeaways)\b`,
        String.raw`\b(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:short\s+|quick\s+|brief\s+)?(?:bullet\s*points?|bullets|points|facts|things|takeaways|highlights|insights|lessons|learnings)\b`,
        String.raw`\bbullet(?:ed)?\s*(?:points?|list|form)\b|\bin\s+bullets\b|\bas\s+bullets\b`,
        // French, Spanish, German
        String.raw`\bpoints?\s+(?:clés|principaux|essentiels|importants)|(?<!\p{L})à\s+retenir\b|\bidées?\s+(?:clés|principales)|\bpuntos?\s+(?:clave|principales|importantes)|\bideas\s+(?:clave|principales)|\bkernpunkte\b|\bkernaussagen\b|\bwichtigsten\s+(?:punkte|aussagen|fakten)|\bhauptpunkte\b|\bstichpunkte\b`,
      ].join("|"),
      F,
    ),
  ],
  [
    "tldr",
    new RegExp(
      [
        String.raw`\btl;?\s?dr\b|\btoo\s+long,?\s+didn'?t\s+read\b`,
        String.raw`\bboil\s+(?:\w+\s+){0,3}down\b|\bin\s+a\s+nutshell\b|\bone-?liner\b|\b(?:in\s+)?(?:a|one)\s+(?:single\s+)?(?:line|sentence)\b|\bsingle\s+(?:line|sentence)\b|\bshort\s+version\b|\belevator\s+pitch\b|\bin\s+(?:a\s+few|ten|\d+)\s+words\b|\bbottom\s+line\b|\bgist\b`,
        // French, Spanish, German
        String.raw`\ben\s+une\s+(?:seule\s+)?(?:phrase|ligne)\b|\ben\s+bref\b|\ben\s+(?:una|pocas)\s+(?:sola\s+)?(?:frase|línea|palabras)\b|\bin\s+(?:einem|1)\s+satz\b|\bkurz\s+gesagt\b|\bkurzfassung\b`,
      ].join("|"),
      F,
    ),
  ],
  [
    "main-argument",
    new RegExp(
      [
        String.raw`\b(?:main|central|key|core|primary|principal|overall|chief)\s+(?:argument|claim|thesis|point|message|contention|idea|point\s+of\s+view|position)\b`,
        String.raw`\bthesis\b|\bwhat\s+(?:is|does)\s+(?:the\s+)?(?:author|writer|article|piece|essay|it|he|she|they)\s+(?:\w+\s+)?(?:argu(?:e|ing)|claim(?:ing)?|trying\s+to\s+(?:say|argue|prove|convince)|getting\s+at|advocat(?:e|ing)|propos(?:e|ing))\b`,
        String.raw`\bwhat\s+(?:point|case|argument|claim|message)\s+(?:is|does)\s+(?:the\s+)?(?:author|writer|article|piece|essay|it|he|she)\b`,
        String.raw`\b(?:the\s+)?(?:author|writer)(?:'s|’s)\s+(?:argument|point|position|view|case|claim|stance)\b|\bwhat(?:'s|\s+is)\s+the\s+(?:point|argument)\b|\bwhat\s+case\s+does\b`,
        // French, Spanish, German
        String.raw`\bargument(?:ation)?\s+principal|\bthèse\b|\bidée\s+(?:principale|centrale)|\bargumento\s+principal|\btesis\b|\bidea\s+(?:principal|central)|\bhauptargument\b|\bkernthese\b|\bkernaussage\b|\bhauptaussage\b|\bthese\b`,
      ].join("|"),
      F,
    ),
  ],
  [
    "explain",
    new RegExp(
      [
        String.raw`\b(?:beginners?|newcomers?|novices?|layman|laymen|lay\s+(?:person|reader|audience)|non-?experts?|outsiders?|dummies|(?:a|an)\s+(?:child|kid|\d+[- ]year[- ]old|teenager|grandma|grandmother|newbie)|eli5|someone\s+(?:new|who\s+(?:knows|has)\s+(?:nothing|no))|no\s+background)\b`,
        String.raw`\blike\s+i['’]?m\s+(?:five|5|six|ten|a\s+(?:child|kid|beginner))\b`,
        String.raw`\b(?:in|using)\s+(?:simple|plain|everyday|easy|layman'?s?)\s+(?:terms|english|words|language)\b|\bsimply\b|\bsimplif(?:y|ied)\b|\bbreak\s+(?:it|this)\s+down\b|\bhelp\s+me\s+understand\b|\bwhat\s+does\s+(?:this|it|the\s+\w+)\s+mean\s+for\s+(?:me|us|someone)\b`,
        String.raw`^\s*(?:please\s+)?(?:can\s+you\s+)?explain\s+(?:${THE_PAGE}|(?:this|the)\s+(?:article|page|post|piece|story|text))\s*(?:to\s+me)?\s*[.?!]?\s*$`,
        // French, Spanish, German
        String.raw`\bdébutants?\b|\bnéophytes?\b|\bsimplement\b|\bprincipiantes?\b|\bsencill[ao]s?\b|\bfácil\b|\banfänger\w*\b|\blaien\b|\beinfach\s+erklärt|\beinfachen\s+worten`,
      ].join("|"),
      F,
    ),
  ],
  [
    "summary",
    new RegExp(
      [
        String.raw`\bsumm?ari[sz](?:e|ing|ation)\b|\bsummary\b|\bsum\s+(?:it|this|\w+)?\s*up\b|\brecap\b|\boverview\b|\bsynopsis\b|\bdigest\b|\babstract\b|\bpr[ée]cis\b|\bcondense\b|\bshorten\b|\bbrief\s+me\b|\bgive\s+me\s+the\s+(?:short|long)\s+of\s+it\b`,
        String.raw`\bwhat(?:'s|\s+is|\s+are)\s+(?:this|the|it)\s*(?:page|article|post|text|document|piece|story|site|video|essay|report)?\s+(?:all\s+)?about\b|\bwhat\s+(?:does|did)\s+(?:this|the|it)\s*(?:page|article|post|text|document|piece|story|essay|report)?\s+(?:say|cover|discuss|describe|tell\s+(?:me|us))\s*[.?!]?\s*$|\bwhat\s+happened\s*[.?!]?\s*$`,
        // French, Spanish, German
        String.raw`\brésum\w*|\bresum\w*|\bsynthèse\b|\bde\s+quoi\s+(?:parle|traite)|\bde\s+qué\s+(?:trata|habla)|\bzusammenfass\w*|\bfasse\b[^.?!]*\bzusammen\b|\bworum\s+geht\s+es|(?<!\p{L})überblick\b`,
      ].join("|"),
      F,
    ),
  ],
];

/** What a "cannot" task asks that an extractive generator cannot do. */
const CANNOT_VERBS: ReadonlyArray<readonly [RegExp, string]> = [
  [
    /\btranslat|tradu|übersetz|\b(?:in|into)\s+[a-z]+ish\b|\b(?:in|into)\s+(?:french|german|chinese|japanese|arabic|dutch|korean|hindi)\b|\ben\s+\w+\b|\bauf\s+\w+\b/iu,
    "translate",
  ],
  [/\bre-?phrase|paraphrase|reword|re-?write|rework|reformul|reescrib|umschreib/iu, "rephrase"],
];

/**
 * A question about a thing (not a task) may share a task's words: "What did the author say about X?"
 * asks about X, "Who said the bridge would close?" asks for a speaker, "What is the date of the vote?"
 * for a date. These openings make a prompt a question, whatever task word it holds, unless a row made for
 * questions ("What's the mood …?", "What are the key points?") matches without them.
 */
const FACTUAL_SHAPES: RegExp[] = [
  /^\s*(?:what|who|how|when|where|why|which)\s+(?:did|does|do|has|have|had)\s+(?:[\p{L}.'’-]+\s+){1,4}(?:say|said|tell|told|think|write|wrote|argue|claim|mean)\s+(?:about|of|on|regarding)\b/iu,
  /^\s*who\s+(?:said|says|told|wrote|claimed|warned|announced|stated)\b/iu,
  /^\s*(?:what|which)\s+(?:is|was|were|are)\s+the\s+(?:date|number|amount|percentage|figure|price|sum|tone\s+of\s+voice)\s+(?:of|for|when)\b/iu,
  /^\s*how\s+(?:many|much|long|old|often|far)\b/iu,
];

/** Digits or number words before a unit: "3 key points", "two sentences", "trois points", "drei Sätze". */
const COUNTED = new RegExp(
  String.raw`(?:^|[^\p{L}\d])(\d{1,2}|${Object.keys(NUMBER_WORDS).join("|")})[\s-]+(?:(?:key|main|short|brief|quick|important|most\s+important|major|top|essential|bullet|clés?|principaux|principales|clave|wichtigsten|kurze[n]?)\s+)*(?:sentences?|lines?|bullet\s*points?|bullets?|points?|takeaways?|facts?|things|ideas|highlights?|findings|insights|lessons|messages|phrases?|frases?|puntos?|ideas|sätzen?|satz|punkte[n]?|kernpunkte|kernaussagen|aussagen)\b`,
  "iu",
);
const MAX_COUNT = 15;

/** The subject named after "about", "on", "regarding" … in the languages we read. */
const SUBJECT =
  /\b(?:about|regarding|concerning|on|related\s+to|with\s+respect\s+to|to\s+do\s+with|sur|concernant|à\s+propos\s+d[eu']|sobre|acerca\s+de|(?<!\p{L})über|zu|bezüglich)\s+(.+?)\s*(?:[.?!]|$)/iu;
/** A "subject" that is only the page ("on this page", "about the article"): no subject. */
const ONLY_THE_PAGE =
  /^(?:(?:this|the|that|it|its)\s*)?(?:page|article|post|piece|story|text|document|site|website|link|essay|report|blog(?:\s+post)?|video|)?$|^(?:ce|cet|cette|le|la|l'|este|esta|el|la|diesen?|dieser|diesem|den|die|das|dem)\s*\p{L}*$/iu;

/** The task `prompt` asks for, or undefined when it is a question or a plain request. */
export const readPromptTask = rememberRecent(16, (prompt: string) => taskOf(prompt));

function taskOf(prompt: string): PromptTask | undefined {
  const text = prompt.trim();
  const row = TASK_ROWS.find(([, pattern]) => pattern.test(text));
  if (!row) return undefined;
  const [kind, pattern] = row;
  if (kind !== "cannot" && FACTUAL_SHAPES.some((shape) => shape.test(text)) && !isPlainlyTask(kind, text)) {
    return undefined;
  }
  const matched = pattern.exec(text);
  const rest = matched
    ? `${text.slice(0, matched.index)} ${text.slice(matched.index + matched[0].length)}`
    : text;
  // "In one sentence, who is Jerome Powell?": the shape of the answer, asked of a question.
  if (SHAPED_KINDS.has(kind) && asksAQuestion(rest)) return undefined;
  const countMatch = COUNTED.exec(text);
  const amount = countMatch?.[1]?.toLowerCase();
  const count = amount ? (/^\d+$/.test(amount) ? Number(amount) : NUMBER_WORDS[amount]) : undefined;
  const task: PromptTask = { kind, subject: subjectOf(rest) };
  if (count !== undefined && count > 0) task.count = Math.min(MAX_COUNT, count);
  if (kind === "cannot")
    task.cannot = CANNOT_VERBS.find(([verb]) => verb.test(text))?.[1] ?? "write new text";
  return task;
}

/** Kinds whose words may only shape the answer to a question ("in one sentence", "in 3 bullet points"). */
const SHAPED_KINDS: ReadonlySet<TaskKind> = new Set(["summary", "tldr", "key-points", "explain"]);
const QUESTION_WORD =
  /(?:^|[\s,;:.?!])(?:who|what|when|where|why|how|which|qui|que|quand|où|pourquoi|comment|quién|qué|cuándo|dónde|por\s+qué|cómo|wer|was|wann|wo|warum|wie)\b/iu;
/**
 * Words that only name the page, its writer or what matters in it: a question made of these ("what
 * matters here?") asks about the page as a whole.
 */
const PAGE_WORDS =
  "article page post piece story text document essay report blog site website author writer video say says said tell here there matter matters important know need remember happen thing things point points version give show list provide let help want like please artikel seite texte texto autor auteur dit dice sagt";

/** What is left of a prompt still asks a question about something: a question word and a content word. */
function asksAQuestion(rest: string): boolean {
  if (!QUESTION_WORD.test(rest)) return false;
  const language = detectLanguage(rest) ?? DEFAULT_LANGUAGE;
  const pageTerms = new Set(contentTerms(PAGE_WORDS, language));
  return contentTerms(rest, language).some(
    (term) =>
      !pageTerms.has(term) && !QUESTION_TERMS.has(term) && !(term in NUMBER_WORDS) && !/^\d+$/.test(term),
  );
}
/** Question words that stop-word lists keep as content in some languages. */
const QUESTION_TERMS = new Set([
  "who",
  "what",
  "when",
  "where",
  "why",
  "how",
  "which",
  "quién",
  "qué",
  "wer",
  "wie",
]);

/** "How many people are quoted?" is a count; "Who is quoted?" a task even though it starts with "who". */
function isPlainlyTask(kind: TaskKind, text: string): boolean {
  if (/^\s*how\s+(?:many|much)\b/iu.test(text)) return false;
  if (kind === "quoted") return /\bquoted|cited|interviewed\b/iu.test(text) && !/\babout\b/iu.test(text);
  return false;
}

/** The subject named in what is left of the prompt once the task's words are out; "" when none. */
function subjectOf(rest: string): string {
  const named = SUBJECT.exec(rest)?.[1]?.trim() ?? "";
  const cleaned = named.replace(/^(?:the|this|that|a|an)\s+/iu, "").replace(/[\s,;:]+$/u, "");
  if (ONLY_THE_PAGE.test(cleaned)) return "";
  // "on what matters here" names no subject; "on how the tram line runs" does.
  return QUESTION_WORD.test(` ${cleaned}`) && !asksAQuestion(cleaned) ? "" : named;
}
