/**
 * The bounded reader every binary content check goes through (content-check.ts): a stored file read
 * at random offsets, each read checked against the file's size and the check's total budget before
 * it is made, so a length or offset a hostile file declares can never make the server read beyond
 * the file or more than BINARY_READ_BUDGET. A read it refuses is NotThisType: the file cannot be the
 * expected type, a verdict and not an error.
 */

/** A stored file: its size, and `length` bytes from `offset` (fewer only at its end). */
export interface ContentSource {
  size: number;
  read(offset: number, length: number): Promise<Buffer>;
}

/** At most this much is read in all to check a ZIP package or a compound file. */
export const BINARY_READ_BUDGET = 24 * 1024 * 1024;

/** Thrown inside a check when the bytes cannot be the expected type (a short read, a bound crossed). */
export class NotThisType extends Error {}

/** Reads through the source, refusing reads beyond the file and beyond the check's budget. */
export class Reader {
  private spent = 0;
  constructor(
    private readonly source: ContentSource,
    private readonly budget: number,
  ) {}

  get size(): number {
    return this.source.size;
  }

  /** Exactly `length` bytes at `offset`, or NotThisType when the file is shorter or the budget is spent. */
  async at(offset: number, length: number): Promise<Buffer> {
    if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || offset < 0 || length < 0) throw new NotThisType();
    if (offset + length > this.size) throw new NotThisType();
    this.spent += length;
    if (this.spent > this.budget) throw new NotThisType();
    if (length === 0) return Buffer.alloc(0);
    const bytes = await this.source.read(offset, length);
    if (bytes.length < length) throw new NotThisType();
    return bytes.length === length ? bytes : bytes.subarray(0, length);
  }
}

/** A 64-bit field as a number, or null beyond what a number holds exactly. */
export function safeNumber(value: bigint): number | null {
  return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : null;
}
