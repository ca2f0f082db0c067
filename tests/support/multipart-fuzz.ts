/**
 * Cases for the multipart operations of a contract, sent over a real connection (issue 33): files at
 * sizes around the operation's limit (empty, one byte, the limit less one, the limit, one over, 64 KB
 * over), a large file still on its way when the server answers, the form's parts in every order,
 * several files, and forms cut short (a body complete for HTTP, broken as a form). The fields' values
 * are ones the operation accepts, so that what decides an answer is the size, the order, the count or
 * the cut — the hostile values are tests/support/schema-fuzz.ts's part, sent by inject().
 */
import fc from 'fast-check';
import { multipartBody, type FormPart } from './multipart';
import type { Schema } from './schema-fuzz';

export interface MultipartShape {
  operationId: string;
  /** The largest file the operation takes, in bytes. */
  limit: number;
  schema: Schema;
}

export interface MultipartCase {
  kind: 'size' | 'still arriving' | 'order' | 'several files' | 'cut short';
  /** What the case is, for a failure's message. */
  what: string;
  contentType: string;
  body: Buffer;
  /** The Content-Length sent (for 'still arriving': the whole body's, of which only `sent` bytes go). */
  length: number;
  sent: number;
  /** The file's size when there is one file, else null. */
  fileSize: number | null;
}

/** Accepted values of the text fields the contracts' multipart operations have. */
const FIELD_VALUES: Record<string, string[]> = {
  directory: ['', 'fuzz', 'fuzz/deeper'],
  replace: ['0', '1'],
  dry_run: ['1', '0'],
  // A demo game of the first start, and a game that does not exist.
  trivia_game_id: ['1', '2', '999999'],
};

/** A file of `size` bytes the operation would take by its content, and its name (unique per case). */
function fileOf(operationId: string, size: number, index: number): { filename: string; bytes: Buffer } {
  if (operationId === 'fileUploadImage') {
    const magic = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    return { filename: `fuzz-${index}.png`, bytes: size <= magic.length ? magic.subarray(0, size) : Buffer.concat([magic, Buffer.alloc(size - magic.length, 7)]) };
  }
  if (operationId === 'adminImport') {
    const sheet = Buffer.from(`username,password,name,email,roles,status\nfuzz${index},Fuzz-pass-${index},Fuzz,fuzz${index}@example.com,viewer,1\n`);
    return { filename: `fuzz-${index}.csv`, bytes: size <= sheet.length ? sheet.subarray(0, size) : Buffer.concat([sheet, Buffer.alloc(size - sheet.length, '\n')]) };
  }
  if (operationId === 'questionImport') {
    const sheet = Buffer.from(`kind,title,text,option_A,option_B,answer\nsingle,Fuzz ${index},Fuzz?,a,b,A\n`);
    return { filename: `fuzz-${index}.csv`, bytes: size <= sheet.length ? sheet.subarray(0, size) : Buffer.concat([sheet, Buffer.alloc(size - sheet.length, '\n')]) };
  }
  return { filename: `fuzz-${index}.txt`, bytes: Buffer.alloc(size, 'a') };
}

function shuffled<T>(items: T[], seed: number): T[] {
  const copy = [...items];
  let state = seed || 1;
  for (let i = copy.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    const j = state % (i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

export function multipartCases(shape: MultipartShape, count: number, seed: number): MultipartCase[] {
  const properties = (shape.schema.properties as Record<string, Schema> | undefined) ?? {};
  const fileField = Object.entries(properties).find(([, property]) => property.format === 'binary')?.[0] ?? 'file';
  const textFields = Object.keys(properties).filter((name) => name !== fileField);
  const { limit } = shape;
  const sizes = [0, 1, limit - 1, limit, limit + 1, limit + 64 * 1024];
  const arbitrary = fc.record({
    kind: fc.constantFrom<MultipartCase['kind']>('size', 'size', 'still arriving', 'order', 'several files', 'cut short'),
    size: fc.constantFrom(...sizes),
    values: fc.tuple(...textFields.map((name) => fc.option(fc.constantFrom(...(FIELD_VALUES[name] ?? ['x'])), { freq: 5 }))),
    order: fc.nat(),
    files: fc.integer({ min: 2, max: 3 }),
    cut: fc.double({ min: 0.01, max: 0.99, noNaN: true }),
  });
  return fc.sample(arbitrary, { numRuns: count, seed }).map((drawn, index) => {
    const fields: FormPart[] = textFields.flatMap((name, i) => (drawn.values[i] === null ? [] : [{ name, value: drawn.values[i]! }]));
    const size = drawn.kind === 'size' ? drawn.size : drawn.kind === 'still arriving' ? limit + 1024 * 1024 : 100;
    const file = fileOf(shape.operationId, size, index);
    const files: FormPart[] = [{ name: fileField, filename: file.filename, bytes: file.bytes, type: 'application/octet-stream' }];
    if (drawn.kind === 'several files') {
      for (let extra = 1; extra < drawn.files; extra++) {
        const more = fileOf(shape.operationId, 100, index * 10 + extra);
        files.push({ name: extra === 1 ? fileField : 'other', filename: more.filename, bytes: more.bytes, type: 'application/octet-stream' });
      }
    }
    const parts = shuffled([...fields, ...files], drawn.order);
    const { body, contentType } = multipartBody(parts);
    const order = parts.map((part) => ('filename' in part ? `${part.name}(${part.bytes.length} B)` : `${part.name}=${JSON.stringify(part.value)}`)).join(', ');
    if (drawn.kind === 'cut short') {
      const length = Math.max(1, Math.floor(body.length * drawn.cut));
      return { kind: drawn.kind, what: `cut short at ${length} of ${body.length} bytes: ${order}`, contentType, body: body.subarray(0, length), length, sent: length, fileSize: null };
    }
    if (drawn.kind === 'still arriving') {
      const sent = limit + 64 * 1024;
      return { kind: drawn.kind, what: `${body.length} bytes announced, ${sent} sent: ${order}`, contentType, body, length: body.length, sent, fileSize: size };
    }
    return { kind: drawn.kind, what: order, contentType, body, length: body.length, sent: body.length, fileSize: drawn.kind === 'several files' ? null : size };
  });
}
