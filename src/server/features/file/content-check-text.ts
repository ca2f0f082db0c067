/**
 * Whether an upload declared as text (txt, csv) is UTF-8 text: checked as it streams in
 * (utf8TextCheck, used by upload.ts while the bytes arrive) or on the stored file in chunks of
 * TEXT_CHUNK_BYTES, so memory stays bounded whatever the file's size. TextDecoder's fatal mode is the
 * validator; nothing here parses UTF-8 by hand.
 */
import type { ContentSource } from './content-check-reader.js';

/** Text is read in chunks of this size: memory stays bounded whatever the file's size. */
export const TEXT_CHUNK_BYTES = 1024 * 1024;

/**
 * A streaming check of UTF-8 text: `push` each chunk as it arrives, then `end`. Both answer whether
 * the text is still valid; once false it stays false. A UTF-8 BOM is allowed (it is valid UTF-8);
 * UTF-16 text, legacy encodings such as Big5, and anything holding a NUL byte are not.
 */
export function utf8TextCheck(): { push(chunk: Uint8Array): boolean; end(): boolean } {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let valid = true;
  return {
    push(chunk) {
      if (!valid) return false;
      if (chunk.includes(0)) valid = false;
      else {
        try {
          decoder.decode(chunk, { stream: true });
        } catch {
          valid = false;
        }
      }
      return valid;
    },
    end() {
      if (!valid) return false;
      try {
        decoder.decode(); // a sequence cut off at the end of the file
      } catch {
        valid = false;
      }
      return valid;
    },
  };
}

/** The stored file read in chunks through utf8TextCheck. */
export async function isUtf8Text(source: ContentSource): Promise<boolean> {
  const check = utf8TextCheck();
  for (let offset = 0; offset < source.size; offset += TEXT_CHUNK_BYTES) {
    const length = Math.min(TEXT_CHUNK_BYTES, source.size - offset);
    const chunk = await source.read(offset, length);
    if (chunk.length < length) return false;
    if (!check.push(chunk.length === length ? chunk : chunk.subarray(0, length))) return false;
  }
  return check.end();
}
