/**
 * Uploaded images: what counts as an image (by its bytes, never by its name or declared type), where
 * it is stored (the blob store's key `images/<cid>/<yyyy-mm>/<random>.<ext>`, under the company that
 * uploaded it, a name the server makes up; on local disk `<dataDir>/files/images/…`), how a URL path
 * under /files/images maps back to a blob — only names of that exact shape, so no path from a request
 * can reach anything else — and whose image a URL is (questions take only their company's images).
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { BlobStore } from './store/index.js';

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_URL_PREFIX = '/files/images';

export interface ImageType {
  ext: 'png' | 'jpg' | 'gif' | 'webp';
  mime: string;
}

const TYPES: Record<ImageType['ext'], ImageType> = {
  png: { ext: 'png', mime: 'image/png' },
  jpg: { ext: 'jpg', mime: 'image/jpeg' },
  gif: { ext: 'gif', mime: 'image/gif' },
  webp: { ext: 'webp', mime: 'image/webp' },
};

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * PNG, JPEG, GIF or WebP by their magic bytes; anything else (SVG included: it can carry script) is
 * not an image here.
 */
export function detectImageType(bytes: Buffer): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return TYPES.png;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return TYPES.jpg;
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return TYPES.gif;
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return TYPES.webp;
  return null;
}

/**
 * Stores the bytes under a fresh random name in the company's images and answers the URL path the
 * browser loads them from: `/files/images/<cid>/<yyyy-mm>/<random>.<ext>`.
 */
export async function storeImage(store: BlobStore, companyId: number, bytes: Buffer, type: ImageType, now = new Date()): Promise<string> {
  const month = now.toISOString().slice(0, 7);
  const name = `${randomBytes(16).toString('hex')}.${type.ext}`;
  await store.put(`images/${companyId}/${month}/${name}`, Readable.from([bytes]), { contentType: type.mime });
  return `${IMAGE_URL_PREFIX}/${companyId}/${month}/${name}`;
}

/** `<cid>/<yyyy-mm>/<name>.<ext>`; images stored before they were per company lack the `<cid>/`. */
const STORED_NAME = /^(?:([1-9]\d{0,9})\/)?(\d{4}-\d{2})\/([0-9a-f]{32})\.(png|jpg|gif|webp)$/;

/** The blob key and media type behind `[<cid>/]<yyyy-mm>/<name>.<ext>` (the part after /files/images/), or null. */
export function storedImageKey(relative: string): { key: string; mime: string } | null {
  const match = STORED_NAME.exec(relative);
  if (!match) return null;
  const folder = match[1] ? `${match[1]}/${match[2]}` : match[2];
  return { key: `images/${folder}/${match[3]}.${match[4]}`, mime: TYPES[match[4] as ImageType['ext']].mime };
}

/** The company whose upload `url` is (`/files/images/<cid>/…`), or null for anything else. */
export function imageCompany(url: string): number | null {
  if (!url.startsWith(`${IMAGE_URL_PREFIX}/`)) return null;
  const match = STORED_NAME.exec(url.slice(IMAGE_URL_PREFIX.length + 1));
  return match?.[1] ? Number(match[1]) : null;
}
