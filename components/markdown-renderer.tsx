/**
 * The Markdown renderer behind `MarkdownView`, in a chunk of its own that pages load when they first show
 * results: CommonMark + GFM (react-markdown, remark-gfm) rendered to React elements.
 */
import { type ComponentProps, createContext, createElement, useContext, useMemo } from "react";
import Markdown, { type Components, type ExtraProps, type Options } from "react-markdown";
import remarkGfm from "remark-gfm";
import { safeHref } from "../lib/links/safe-link";
import { rehypeSentenceMarks, SENTENCE_MARK } from "../lib/sources/mark-sentences";
import type { MarkdownViewProps, SentenceMarks } from "./markdown-props";

/**
 * Raw HTML is not a Markdown construct here: `<b>` or a `<div>` line is read as text (the parser's HTML
 * constructs are turned off), so it is shown as written and never becomes an element.
 */
function remarkRawHtmlAsText(this: { data(): object }) {
  // The processor's data, as remark-parse reads it (its type lives in unified, which we do not import).
  const data = this.data() as { micromarkExtensions?: unknown[] };
  data.micromarkExtensions ??= [];
  data.micromarkExtensions.push({ disable: { null: ["htmlFlow", "htmlText"] } });
}

const REMARK_PLUGINS = [remarkGfm, remarkRawHtmlAsText];

/** Every address in the text (links, images) goes through `safeHref`: anything else is dropped. */
const urlTransform = (url: string) => safeHref(url);

/** Whether an element is inside a link (a link there would nest one link in another). */
const InsideLink = createContext(false);

type LinkProps = ComponentProps<"a"> & ExtraProps;

/** A link opens in a new tab, without access to this page; one without a safe address is its text. */
function Link({ href, title, children }: LinkProps) {
  if (!href) return <>{children}</>;
  return (
    <InsideLink.Provider value={true}>
      <a href={href} title={title} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    </InsideLink.Provider>
  );
}

/** An image is a link to it, labelled with its alt text: the page never loads a remote image. */
function Image({ src, alt, title }: ComponentProps<"img"> & ExtraProps) {
  const insideLink = useContext(InsideLink);
  const href = typeof src === "string" && src !== "" ? src : undefined;
  const label = alt || href || "";
  if (!href || insideLink) return <>{label}</>;
  return (
    <a href={href} title={title} target="_blank" rel="noopener noreferrer">
      {label}
    </a>
  );
}

/** What draws the marks of the text being rendered. */
const SentenceMarkDrawing = createContext<SentenceMarks["render"] | null>(null);

/**
 * A `<sentence-mark>` (lib/sources/mark-sentences.ts) drawn by the `sentenceMarks` of the text. One
 * component for every text, which reads the drawing from context: a component made per render would be
 * a new type each time, and React would replace the marks (and lose the focus on one) at every render.
 */
function SentenceMark({ node }: ExtraProps) {
  const draw = useContext(SentenceMarkDrawing);
  const index = Number(node?.properties?.dataSentence);
  return draw && Number.isInteger(index) ? draw(index) : null;
}

/** Headings start at `topHeadingLevel` (the page around the text has its own headings), down to h6. */
function componentsFor(topHeadingLevel: number): Components {
  // react-markdown draws any element name it is given a component for; its type lists HTML's names only.
  const components: Components = { a: Link, img: Image, [SENTENCE_MARK as "span"]: SentenceMark };
  for (const level of [1, 2, 3, 4, 5, 6] as const) {
    const tag = `h${Math.min(6, level + topHeadingLevel - 1)}`;
    components[`h${level}`] = ({ children }: ComponentProps<"h1"> & ExtraProps) =>
      createElement(tag, null, children);
  }
  return components;
}

export function MarkdownRenderer({ text, topHeadingLevel = 3, className, sentenceMarks }: MarkdownViewProps) {
  const components = useMemo(() => componentsFor(topHeadingLevel), [topHeadingLevel]);
  const sentences = sentenceMarks?.sentences;
  const marked = sentenceMarks?.marked;
  const rehypePlugins = useMemo(
    (): NonNullable<Options["rehypePlugins"]> =>
      sentences && marked ? [[rehypeSentenceMarks, { sentences, marked }]] : [],
    [sentences, marked],
  );
  return (
    <div className={className ? `markdown ${className}` : "markdown"}>
      <SentenceMarkDrawing.Provider value={sentenceMarks?.render ?? null}>
        <Markdown
          remarkPlugins={REMARK_PLUGINS}
          rehypePlugins={rehypePlugins}
          components={components}
          urlTransform={urlTransform}
        >
          {text}
        </Markdown>
      </SentenceMarkDrawing.Provider>
    </div>
  );
}
