/**
 * How far a workbook's first sheet reaches, found in its XML before read-excel-file reads it:
 * read-excel-file fills a grid up to the last cell, so one value in XFD1048576 would be 17 billion
 * cells. The first sheet is found as read-excel-file finds it, and cells are placed as it places them,
 * so what it reads next has been held to WORKBOOK_LIMITS. A scan of start tags with regular
 * expressions rather than a second XML parse: it needs only the `r` attributes of <row> and <c> (and
 * whether a <c> is empty), and it must cost little on text of up to 32 MB that may be hostile.
 */

const attributePatterns = new Map<string, RegExp>();

/** An attribute's value in an XML start tag's attribute text, whatever its namespace prefix. */
function attribute(attributes: string, name: string): string | undefined {
  let pattern = attributePatterns.get(name);
  if (!pattern) {
    pattern = new RegExp(`(?:^|\\s)(?:[\\w.-]+:)?${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
    attributePatterns.set(name, pattern);
  }
  const match = pattern.exec(attributes);
  return match ? (match[1] ?? match[2]) : undefined;
}

/**
 * The part read-excel-file reads as the first sheet, found as it finds it (the workbook's first
 * named <sheet>, its relation's target); if that fails, every part under xl/worksheets/, so
 * whatever it reads was held to the bounds.
 */
export function firstSheetParts(parts: Map<string, Buffer>): string[] {
  const targets = new Map<string, string>();
  const relations = parts.get('xl/_rels/workbook.xml.rels')?.toString('utf8') ?? '';
  for (const [, attributes = ''] of relations.matchAll(/<(?:[\w.-]+:)?Relationship(?=[\s/>])([^>]*)>/g)) {
    const id = attribute(attributes, 'Id');
    const target = attribute(attributes, 'Target');
    if (id && target && attribute(attributes, 'Type')?.endsWith('/worksheet')) targets.set(id, target.startsWith('/') ? target.slice(1) : `xl/${target}`);
  }
  const workbook = parts.get('xl/workbook.xml')?.toString('utf8') ?? '';
  for (const [, attributes = ''] of workbook.matchAll(/<(?:[\w.-]+:)?sheet(?=[\s/>])([^>]*)>/g)) {
    if (attribute(attributes, 'name') === undefined) continue;
    const part = targets.get(attribute(attributes, 'id') ?? '');
    if (part && parts.has(part)) return [part];
    break;
  }
  return [...parts.keys()].filter((name) => name.startsWith('xl/worksheets/') && name.endsWith('.xml'));
}

/** "AB12" → row 12, column 28. */
function cellAddress(reference: string): { row: number; column: number } | null {
  const match = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/.exec(reference);
  if (!match) return null;
  let column = 0;
  for (const letter of match[1]!.toUpperCase()) column = column * 26 + letter.charCodeAt(0) - 64;
  return { row: Number(match[2]), column };
}

/**
 * How far down and right a worksheet's cells with content go (a <c> that is not empty: <c .../>
 * is formatting only), placed as read-excel-file places them: by their `r`, else after the previous;
 * and how many rows after the first that holds such a cell hold one too (the first may be a header
 * or, in an export of another system, a title above several: none is assumed to be row 1).
 */
export function sheetExtent(xml: string): { row: number; column: number; dataRows: number } {
  let row = 0;
  let column = 0;
  let rowsWithContent = 0;
  let lastWithContent = 0;
  const last = { row: 0, column: 0, dataRows: 0 };
  for (const [, tag, attributes = '', empty] of xml.matchAll(/<(?:[\w.-]+:)?(row|c)(?=[\s/>])([^>]*?)(\/?)>/g)) {
    const reference = attribute(attributes, 'r');
    if (tag === 'row') {
      row = reference && /^\d+$/.test(reference) ? Number(reference) : row + 1;
      column = 0;
      continue;
    }
    const address = reference ? cellAddress(reference) : null;
    if (address) ({ row, column } = address);
    else column += 1;
    if (empty) continue;
    if (row !== lastWithContent) rowsWithContent += 1;
    lastWithContent = row;
    last.row = Math.max(last.row, row);
    last.column = Math.max(last.column, column);
  }
  last.dataRows = Math.max(0, rowsWithContent - 1);
  return last;
}
