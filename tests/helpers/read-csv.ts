/** A small RFC 4180 reader (quotes kept as a flag), to check the file reads back into the same cells. */
export function readCsv(text: string): { value: string; quoted: boolean }[][] {
  const rows: { value: string; quoted: boolean }[][] = [];
  let row: { value: string; quoted: boolean }[] = [];
  let index = 0;
  while (index < text.length) {
    let value = "";
    let quoted = false;
    if (text[index] === '"') {
      quoted = true;
      index += 1;
      while (index < text.length) {
        if (text[index] === '"' && text[index + 1] === '"') {
          value += '"';
          index += 2;
        } else if (text[index] === '"') {
          index += 1;
          break;
        } else value += text[index++];
      }
    } else {
      while (index < text.length && text[index] !== "," && text[index] !== "\r") value += text[index++];
    }
    row.push({ value, quoted });
    if (text[index] === ",") index += 1;
    else if (text.startsWith("\r\n", index)) {
      rows.push(row);
      row = [];
      index += 2;
    } else if (index < text.length) throw new Error(`unexpected ${JSON.stringify(text[index])} at ${index}`);
  }
  return rows;
}
