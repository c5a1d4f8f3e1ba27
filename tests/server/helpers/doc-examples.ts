/**
 * The curl examples of a Markdown page: each ```sh block that runs curl, with the ```json block right
 * after it (what the page says it answers), and the variables it shows as placeholders (`ID=ana_…`).
 */
export interface DocExample {
  file: string;
  /** The line of the block's opening fence. */
  line: number;
  /** The block, less its placeholder assignments. */
  script: string;
  /** Variables the page assigns a placeholder to: an earlier example's answer gives them. */
  placeholders: string[];
  expected?: unknown;
}

const FENCE = /^```(\w*)\s*$/;
const PLACEHOLDER = /^(\w+)=\S*…\S*(\s+#.*)?$/;

export function docExamples(file: string, markdown: string): DocExample[] {
  const lines = markdown.split("\n");
  const blocks: { lang: string; line: number; body: string[] }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i] as string);
    if (!open) continue;
    const end = lines.findIndex((line, j) => j > i && line.startsWith("```"));
    if (end < 0) break;
    blocks.push({ lang: open[1] as string, line: i + 1, body: lines.slice(i + 1, end) });
    i = end;
  }
  return blocks.flatMap((block, index) => {
    if (block.lang !== "sh" || !block.body.some((line) => /^\s*curl\s/.test(line))) return [];
    const next = blocks[index + 1];
    const placeholders = block.body.flatMap((line) => PLACEHOLDER.exec(line.trim())?.[1] ?? []);
    return [
      {
        file,
        line: block.line,
        script: block.body.filter((line) => !PLACEHOLDER.test(line.trim())).join("\n"),
        placeholders,
        ...(next?.lang === "json" && { expected: JSON.parse(next.body.join("\n")) }),
      },
    ];
  });
}

/**
 * How an answer differs from the one a page shows: an error must have the same code and name the same
 * places; any other answer must have every field the page shows ("…" stands for the ones left out), of
 * the same kind, at every level (an array's first item stands for all).
 */
export function differencesFromDocumented(expected: unknown, actual: unknown, at = "$"): string[] {
  if (isObject(expected) && isObject(expected.error)) {
    if (!isObject(actual) || !isObject(actual.error)) return [`${at}: no error body`];
    const paths = (details: unknown) =>
      Array.isArray(details) ? details.map((detail) => String(detail?.path)).sort() : [];
    const differences: string[] = [];
    if (expected.error.code !== actual.error.code) {
      differences.push(`${at}.error.code: ${String(actual.error.code)}, not ${String(expected.error.code)}`);
    }
    if (paths(expected.error.details).join() !== paths(actual.error.details).join()) {
      differences.push(`${at}.error.details: ${paths(actual.error.details).join(", ")}`);
    }
    return differences;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${at}: not an array`];
    if (expected.length === 0) return [];
    if (actual.length === 0) return [`${at}: empty`];
    return differencesFromDocumented(expected[0], actual[0], `${at}[0]`);
  }
  if (isObject(expected)) {
    if (!isObject(actual)) return [`${at}: not an object`];
    return Object.entries(expected).flatMap(([key, value]) => {
      if (key === "…") return [];
      if (!(key in actual)) return [`${at}.${key}: missing`];
      return differencesFromDocumented(value, actual[key], `${at}.${key}`);
    });
  }
  return typeof expected === typeof actual ? [] : [`${at}: a ${typeof actual}, not a ${typeof expected}`];
}

function isObject(value: unknown): value is Record<string, any> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
