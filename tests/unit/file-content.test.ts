/**
 * An upload's type by its content (features/file/content-check.ts): every sample of the file-type
 * corpus gets its verdict, real writers' files pass, and hostile files — a central directory that
 * claims gigabytes, sector chains that loop or never end, endless mp4 boxes, a 50 MB text — are
 * answered after bounded reads, counted here call by call.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { FILE_TYPES, fileTypeOf, type FileTypeExtension } from '@/domain/file-types';
import { checkFileContent } from '@/server/features/file/content-check';
import { CFB_MAX_DIRECTORY_BYTES } from '@/server/features/file/content-check-compound';
import { MP4_MAX_TOP_LEVEL_BOXES } from '@/server/features/file/content-check-media';
import type { ContentSource } from '@/server/features/file/content-check-reader';
import { TEXT_CHUNK_BYTES, utf8TextCheck } from '@/server/features/file/content-check-text';
import { compoundFile, docStreams, docxEntries, fileTypeCorpus, ftyp, mp4, mp4Box, pdf, zip } from '../fixtures/file-type-corpus';

/** A source that records the length of every read. */
interface CountedSource extends ContentSource {
  reads: number[];
  readonly total: number;
}

function counted(size: number, bytesAt: (offset: number, length: number) => Buffer): CountedSource {
  const reads: number[] = [];
  return {
    size,
    reads,
    get total() {
      return reads.reduce((sum, length) => sum + length, 0);
    },
    async read(offset, length) {
      const end = Math.min(size, offset + length);
      reads.push(end - offset);
      return bytesAt(offset, end - offset);
    },
  };
}

const bufferSource = (bytes: Buffer) => counted(bytes.length, (offset, length) => bytes.subarray(offset, offset + length));

/** A file of `size` bytes that is zeros except for `pieces`: large files without the memory. */
function sparse(size: number, pieces: ReadonlyArray<readonly [offset: number, bytes: Buffer]>): CountedSource {
  return counted(size, (offset, length) => {
    const out = Buffer.alloc(length);
    for (const [at, bytes] of pieces) {
      const from = Math.max(at, offset);
      const to = Math.min(at + bytes.length, offset + length);
      if (from < to) bytes.copy(out, from - offset, from - at, to - at);
    }
    return out;
  });
}

const MISMATCH = { ok: false, key: 'file.contentMismatch' };

describe('the file-type corpus', () => {
  it.each(fileTypeCorpus.map((sample) => [sample.name, sample.what, sample] as const))('%s (%s)', async (_name, _what, sample) => {
    const type = fileTypeOf(sample.name);
    if (sample.verdict === 'file.typeNotAllowed') {
      expect(type).toBeNull();
      return;
    }
    expect(type).not.toBeNull();
    const verdict = await checkFileContent(type!.ext, bufferSource(sample.bytes));
    expect(verdict).toEqual(sample.verdict === 'ok' ? { ok: true } : { ok: false, key: sample.verdict });
  });

  it('holds, for every allowed type, a file that passes, impostors that do not, and an empty one', () => {
    for (const ext of Object.keys(FILE_TYPES) as FileTypeExtension[]) {
      const verdicts = new Set(fileTypeCorpus.filter((sample) => fileTypeOf(sample.name)?.ext === ext).map((sample) => sample.verdict));
      expect([ext, ...verdicts].sort()).toEqual([ext, 'file.contentMismatch', 'file.empty', 'ok'].sort());
    }
  });

  it('has one sample per name, each small', () => {
    expect(new Set(fileTypeCorpus.map((sample) => sample.name)).size).toBe(fileTypeCorpus.length);
    for (const sample of fileTypeCorpus) expect(sample.bytes.length).toBeLessThanOrEqual(64 * 1024);
  });
});

describe('files real writers make', () => {
  it('an ExcelJS workbook is an xlsx, not a docx', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('名單').addRows([['姓名', '分數'], ['王小明', 95]]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(await checkFileContent('xlsx', bufferSource(bytes))).toEqual({ ok: true });
    expect(await checkFileContent('docx', bufferSource(bytes))).toEqual(MISMATCH);
  });

  it('the corpus workbook is one ExcelJS reads', async () => {
    const sample = fileTypeCorpus.find((entry) => entry.name === '名單.xlsx')!;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(sample.bytes as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]?.name).toBe('名單');
    expect(workbook.worksheets[0]?.getCell('A1').value).toBe('姓名');
  });

  it('a docx with 20,000 other parts is read through its central directory in bounded windows', async () => {
    const padding = Array.from({ length: 20_000 }, (_, i) => ({ name: `word/media/part-${i}.bin`, data: Buffer.alloc(0), store: true }));
    const bytes = zip([...padding, ...docxEntries()]);
    const source = bufferSource(bytes);
    expect(await checkFileContent('docx', source)).toEqual({ ok: true });
    expect(Math.max(...source.reads)).toBeLessThanOrEqual(256 * 1024);
  });
});

describe('text is read in chunks', () => {
  /** `size` bytes of UTF-8 text repeating `pattern`, made on demand chunk by chunk. */
  function repeatedText(size: number, pattern: Buffer, last?: number): CountedSource {
    return counted(size, (offset, length) => {
      const shift = offset % pattern.length;
      const out = Buffer.alloc(length, Buffer.concat([pattern.subarray(shift), pattern.subarray(0, shift)]));
      if (last !== undefined && offset + length === size) out[length - 1] = last;
      return out;
    });
  }
  const pattern = Buffer.from('活動名單,Live Trivia,王小明,95\r\n', 'utf8');
  /** About 50 MB, ending after a whole line. */
  const size = Math.floor((50 * 1024 * 1024) / pattern.length) * pattern.length;

  it('a 50 MB text file is checked 1 MiB at a time, characters split across chunks and all', async () => {
    const source = repeatedText(size, pattern);
    const continuationAtBoundary = Array.from({ length: 50 }, (_, i) => source.read(i * TEXT_CHUNK_BYTES, 1));
    expect((await Promise.all(continuationAtBoundary)).some(([byte]) => byte! >= 0x80 && byte! < 0xc0)).toBe(true);
    source.reads.length = 0;

    expect(await checkFileContent('txt', source)).toEqual({ ok: true });
    expect(source.reads).toHaveLength(Math.ceil(size / TEXT_CHUNK_BYTES));
    expect(Math.max(...source.reads)).toBe(TEXT_CHUNK_BYTES);
    expect(source.total).toBe(size);
  });

  it('a bad byte at the very end of 50 MB is found', async () => {
    expect(await checkFileContent('csv', repeatedText(size, pattern, 0xff))).toEqual(MISMATCH);
  });

  it('stops at the chunk that holds a NUL', async () => {
    const bytes = Buffer.alloc(5 * TEXT_CHUNK_BYTES, 'a');
    bytes[TEXT_CHUNK_BYTES + 10] = 0;
    const source = bufferSource(bytes);
    expect(await checkFileContent('txt', source)).toEqual(MISMATCH);
    expect(source.reads).toHaveLength(2);
  });

  it('a character across the chunk boundary is fine; one cut off at the end is not', async () => {
    const straddling = Buffer.concat([Buffer.alloc(TEXT_CHUNK_BYTES - 1, 'a'), Buffer.from('字\n', 'utf8')]);
    expect(await checkFileContent('txt', bufferSource(straddling))).toEqual({ ok: true });
    expect(await checkFileContent('txt', bufferSource(straddling.subarray(0, TEXT_CHUNK_BYTES + 1)))).toEqual(MISMATCH);
  });

  it('the streaming check takes a file one byte at a time', () => {
    const check = utf8TextCheck();
    for (const byte of Buffer.from('\uFEFF姓名,分數\r\n王小明,95\r\n', 'utf8')) expect(check.push(Uint8Array.of(byte))).toBe(true);
    expect(check.end()).toBe(true);
    const broken = utf8TextCheck();
    expect(broken.push(Buffer.from([0xe5, 0xad]))).toBe(true); // the start of 字
    expect(broken.end()).toBe(false);
  });
});

describe('ZIP packages: bounded reads', () => {
  function eocd(entries: number, directorySize: number, directoryOffset: number): Buffer {
    const record = Buffer.alloc(22);
    record.writeUInt32LE(0x06054b50, 0);
    record.writeUInt16LE(entries, 8);
    record.writeUInt16LE(entries, 10);
    record.writeUInt32LE(directorySize, 12);
    record.writeUInt32LE(directoryOffset, 16);
    return record;
  }
  const localHeader = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
  const tailBudget = 4 + 22 + 0xffff + 20;

  it('a central directory claiming almost 4 GB is refused without reading it', async () => {
    const directorySize = 0xf0000000;
    const size = 0x100 + directorySize + 22;
    const source = sparse(size, [[0, localHeader], [size - 22, eocd(3, directorySize, 0x100)]]);
    expect(await checkFileContent('docx', source)).toEqual(MISMATCH);
    expect(source.total).toBeLessThanOrEqual(tailBudget);
  });

  it('a ZIP64 central directory claiming 5 GB is refused without reading it', async () => {
    const directorySize = 5 * 1024 ** 3;
    const recordOffset = 0x100 + directorySize;
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeBigUInt64LE(3n, 24);
    record.writeBigUInt64LE(3n, 32);
    record.writeBigUInt64LE(BigInt(directorySize), 40);
    record.writeBigUInt64LE(0x100n, 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(recordOffset), 8);
    locator.writeUInt32LE(1, 16);
    const size = recordOffset + 56 + 20 + 22;
    const source = sparse(size, [[0, localHeader], [recordOffset, record], [recordOffset + 56, locator], [size - 22, eocd(0xffff, 0xffffffff, 0xffffffff)]]);
    expect(await checkFileContent('xlsx', source)).toEqual(MISMATCH);
    expect(source.total).toBeLessThanOrEqual(tailBudget + 56);
  });

  it('a 3 GB file with a docx-like end is judged from its last 64 KB and central directory', async () => {
    // A real docx's tail moved to the end of a 3 GB file: its offsets no longer match, and nothing
    // between is read.
    const docx = zip(docxEntries());
    const size = 3 * 1024 ** 3;
    const source = sparse(size, [[0, docx.subarray(0, 100)], [size - 1000, docx.subarray(-1000)]]);
    expect(await checkFileContent('docx', source)).toEqual(MISMATCH);
    expect(source.total).toBeLessThanOrEqual(tailBudget + 1024);
  });

  it('two [Content_Types].xml entries make a package ambiguous', async () => {
    const entries = docxEntries();
    const bytes = zip([{ name: '[content_types].XML', data: '<Types/>' }, ...entries]);
    expect(await checkFileContent('docx', bufferSource(bytes))).toEqual(MISMATCH);
  });

  it('more entries than the central directory can hold is refused', async () => {
    const bytes = zip(docxEntries());
    bytes.writeUInt16LE(0xfff0, bytes.length - 22 + 8);
    bytes.writeUInt16LE(0xfff0, bytes.length - 22 + 10);
    expect(await checkFileContent('docx', bufferSource(bytes))).toEqual(MISMATCH);
  });
});

describe('compound files: chains and bounds', () => {
  const ENDOFCHAIN = 0xfffffffe;
  const FREESECT = 0xffffffff;

  function header(version: 3 | 4, fatSectors: number[], firstDirectory: number, difat?: { first: number; count: number; total: number }): Buffer {
    const bytes = Buffer.alloc(512);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(bytes);
    bytes.writeUInt16LE(0x3e, 0x18);
    bytes.writeUInt16LE(version, 0x1a);
    bytes.writeUInt16LE(0xfffe, 0x1c);
    bytes.writeUInt16LE(version === 3 ? 9 : 12, 0x1e);
    bytes.writeUInt16LE(6, 0x20);
    bytes.writeUInt32LE(difat?.total ?? fatSectors.length, 0x2c);
    bytes.writeUInt32LE(firstDirectory, 0x30);
    bytes.writeUInt32LE(4096, 0x38);
    bytes.writeUInt32LE(ENDOFCHAIN, 0x3c);
    bytes.writeUInt32LE(difat?.first ?? ENDOFCHAIN, 0x44);
    bytes.writeUInt32LE(difat?.count ?? 0, 0x48);
    for (let k = 0; k < 109; k += 1) bytes.writeUInt32LE(fatSectors[k] ?? FREESECT, 0x4c + 4 * k);
    return bytes;
  }
  function directorySector(sectorSize: number, entries: Array<{ name: string; type: number } | null>): Buffer {
    const bytes = Buffer.alloc(sectorSize);
    entries.forEach((entry, i) => {
      if (!entry) return;
      bytes.write(entry.name, i * 128, 'utf16le');
      bytes.writeUInt16LE((entry.name.length + 1) * 2, i * 128 + 64);
      bytes[i * 128 + 66] = entry.type;
      bytes.writeUInt32LE(4096, i * 128 + 120);
    });
    return bytes;
  }
  const u32s = (values: Array<[index: number, value: number]>, sectorSize: number) => {
    const bytes = Buffer.alloc(sectorSize, 0xff);
    for (const [index, value] of values) bytes.writeUInt32LE(value, 4 * index);
    return bytes;
  };
  const root = { name: 'Root Entry', type: 5 };
  const others = [{ name: 'Alpha', type: 2 }, { name: 'Beta', type: 2 }, { name: 'Gamma', type: 2 }];

  it('finds WordDocument in a directory sector whose FAT sector is listed in a DIFAT sector', async () => {
    // Version 3: 128 FAT entries a sector; the header lists FAT sectors 0–108, the DIFAT sector 109
    // lists the 110th FAT sector (number 110), which holds the chain of directory sectors D → D + 1.
    const D = 109 * 128 + 5;
    const at = (sector: number) => (sector + 1) * 512;
    const size = at(D + 2);
    const source = sparse(size, [
      [0, header(3, Array.from({ length: 109 }, (_, k) => k), D, { first: 109, count: 1, total: 110 })],
      [at(109), u32s([[0, 110], [127, ENDOFCHAIN]], 512)],
      [at(110), u32s([[5, D + 1], [6, ENDOFCHAIN]], 512)],
      [at(D), directorySector(512, [root, ...others])],
      [at(D + 1), directorySector(512, [{ name: 'WordDocument', type: 2 }])],
    ]);
    expect(await checkFileContent('doc', source)).toEqual({ ok: true });
    expect(source.total).toBe(512 * 5);
  });

  it('a DIFAT chain that loops is refused', async () => {
    const D = 109 * 128 + 127 * 128 + 5; // its FAT sector is the second one a DIFAT sector lists
    const at = (sector: number) => (sector + 1) * 512;
    const source = sparse(at(D + 2), [
      [0, header(3, Array.from({ length: 109 }, (_, k) => k), D, { first: 109, count: 2, total: 109 + 128 })],
      [at(109), u32s([[127, 109]], 512)], // the next DIFAT sector is itself
      [at(D), directorySector(512, [root, ...others])],
    ]);
    expect(await checkFileContent('doc', source)).toEqual(MISMATCH);
  });

  it('a directory chain longer than the cap is refused after reading at most the cap', async () => {
    // Version 4 (4096-byte sectors, 1024 FAT entries each): FAT sectors 0 and 1, then a directory
    // chain 2 → 3 → … → 2001 with nothing but the root in it.
    const sectorSize = 4096;
    const at = (sector: number) => (sector + 1) * sectorSize;
    const fat0 = u32s([[0, 0xfffffffd], [1, 0xfffffffd], ...Array.from({ length: 1022 }, (_, i) => [i + 2, i + 3] as [number, number])], sectorSize);
    const fat1 = u32s([...Array.from({ length: 977 }, (_, i) => [i, 1024 + i + 1] as [number, number]), [977, ENDOFCHAIN]], sectorSize);
    const pieces: Array<[number, Buffer]> = [
      [0, Buffer.concat([header(4, [0, 1], 2), Buffer.alloc(sectorSize - 512)])],
      [at(0), fat0],
      [at(1), fat1],
      [at(2), directorySector(sectorSize, [root])],
    ];
    const longChain = sparse(at(2002), pieces);
    expect(await checkFileContent('doc', longChain)).toEqual(MISMATCH);
    expect(longChain.total).toBeLessThanOrEqual(CFB_MAX_DIRECTORY_BYTES + 4 * sectorSize);

    // The same chain with WordDocument in its 1000th sector, within the cap, passes.
    const found = sparse(at(2002), [...pieces, [at(1001), directorySector(sectorSize, [{ name: 'WordDocument', type: 2 }])]]);
    expect(await checkFileContent('doc', found)).toEqual({ ok: true });
  });

  it('a directory sector beyond the end of the file, or a marker for one, is refused', async () => {
    const doc = compoundFile(docStreams());
    const beyond = Buffer.from(doc);
    beyond.writeUInt32LE(doc.length / 512 + 10, 0x30);
    expect(await checkFileContent('doc', bufferSource(beyond))).toEqual(MISMATCH);
    const free = Buffer.from(doc);
    free.writeUInt32LE(FREESECT, 0x30);
    expect(await checkFileContent('doc', bufferSource(free))).toEqual(MISMATCH);
  });

  it('a directory whose first entry is not the root storage is refused', async () => {
    const doc = compoundFile(docStreams());
    doc[(doc.readUInt32LE(0x30) + 1) * 512 + 66] = 1; // entry 0 is a storage, not the root
    expect(await checkFileContent('doc', bufferSource(doc))).toEqual(MISMATCH);
  });
});

describe('mp4 boxes', () => {
  it('gives up after a bounded number of top-level boxes without moov', async () => {
    const free = Array.from({ length: MP4_MAX_TOP_LEVEL_BOXES + 10 }, () => mp4Box('free'));
    const source = bufferSource(Buffer.concat([ftyp('isom', ['isom']), ...free, mp4Box('moov')]));
    expect(await checkFileContent('mp4', source)).toEqual(MISMATCH);
    expect(source.reads.length).toBeLessThanOrEqual(MP4_MAX_TOP_LEVEL_BOXES + 2);
  });

  it('steps over a 64-bit media box to the moov after it, reading only box headers', async () => {
    const head = ftyp('mp42', ['mp42', 'isom']);
    const mdatSize = 5 * 1024 ** 3;
    const mdat = Buffer.alloc(16);
    mdat.writeUInt32BE(1, 0);
    mdat.write('mdat', 4, 'latin1');
    mdat.writeBigUInt64BE(BigInt(mdatSize), 8);
    const moov = mp4Box('moov', mp4Box('mvhd', Buffer.alloc(100)));
    const size = head.length + mdatSize + moov.length;
    const source = sparse(size, [[0, head], [head.length, mdat], [head.length + mdatSize, moov]]);
    expect(await checkFileContent('mp4', source)).toEqual({ ok: true });
    expect(source.total).toBeLessThan(100);
  });

  it('refuses a box that claims more than the file holds before moov, or an ftyp of absurd size', async () => {
    const cutMdat = mp4Box('mdat', Buffer.alloc(10)).subarray(0, 12);
    expect(await checkFileContent('mp4', bufferSource(Buffer.concat([ftyp('isom', ['isom']), cutMdat, mp4Box('moov')])))).toEqual(MISMATCH);
    const hugeFtyp = mp4();
    hugeFtyp.writeUInt32BE(0x7ffffff0, 0);
    expect(await checkFileContent('mp4', bufferSource(hugeFtyp))).toEqual(MISMATCH);
  });

  it('passes a video cut short after a whole moov: the media data is not checked', async () => {
    const video = mp4();
    expect(await checkFileContent('mp4', bufferSource(video.subarray(0, video.length - 10)))).toEqual({ ok: true });
  });
});

describe('PDF', () => {
  it('reads only the first kilobyte of a large file', async () => {
    const size = 300 * 1024 * 1024;
    const source = sparse(size, [[0, pdf()]]);
    expect(await checkFileContent('pdf', source)).toEqual({ ok: true });
    expect(source.total).toBeLessThanOrEqual(1024 + 8);
  });

  it('needs a version after %PDF-', async () => {
    expect(await checkFileContent('pdf', bufferSource(Buffer.from('%PDF-\n1 0 obj\n', 'latin1')))).toEqual(MISMATCH);
  });
});

describe('errors of the store', () => {
  it('are passed on, not answered as a mismatch', async () => {
    const failing: ContentSource = { size: 1024 * 1024, read: () => Promise.reject(new Error('S3 unavailable')) };
    for (const ext of Object.keys(FILE_TYPES) as FileTypeExtension[]) {
      await expect(checkFileContent(ext, failing)).rejects.toThrow('S3 unavailable');
    }
  });
});
