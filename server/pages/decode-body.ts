/** Turns a page's bytes into text with the right character encoding (BOM, then header, then `<meta>`). */

const SNIFF_BYTES = 4096;

/** The `charset` parameter of a Content-Type header, if any. */
function charsetOfContentType(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? "");
  const charset = (match?.[1] ?? match?.[2] ?? "").trim();
  return charset || undefined;
}

function charsetOfBom(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  return undefined;
}

/** `<meta charset>` or `<meta http-equiv="Content-Type" content="…charset=…">` near the top of a page. */
function charsetOfMeta(bytes: Uint8Array): string | undefined {
  // Every label is ASCII, so reading the head as latin1 is enough to find it.
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, SNIFF_BYTES)).toString(
    "latin1",
  );
  for (const [tag] of head.matchAll(/<meta\b[^>]*>/gi)) {
    const label = /\bcharset\s*=\s*["']?\s*([\w.:-]+)/i.exec(tag)?.[1];
    // A page that could be read as ASCII to find this tag is not UTF-16, whatever it claims.
    if (label) return /^utf-?16/i.test(label) ? "utf-8" : label;
  }
  return undefined;
}

function decoderFor(label: string | undefined): TextDecoder | undefined {
  if (!label) return undefined;
  try {
    return new TextDecoder(label);
  } catch {
    return undefined;
  }
}

/**
 * Decodes a body: BOM first, then the header's charset, then (HTML only) `<meta charset>`, else UTF-8.
 * NUL characters become U+FFFD, as an HTML parser does: no stored text can hold them.
 */
export function decodeBody(bytes: Uint8Array, contentType: string | undefined, isHtml: boolean): string {
  const decoder =
    decoderFor(charsetOfBom(bytes)) ??
    decoderFor(charsetOfContentType(contentType)) ??
    (isHtml ? decoderFor(charsetOfMeta(bytes)) : undefined) ??
    new TextDecoder("utf-8");
  return decoder.decode(bytes).replaceAll("\u0000", "\uFFFD");
}
