/** The blob store the configuration names: local disk (default) or S3-compatible. */
import path from 'node:path';
import type { FileStoreConfig } from '../../../config.js';
import type { BlobStore } from './blob-store.js';
import { LocalBlobStore } from './local.js';

export type { BlobStore, BlobRead } from './blob-store.js';

export async function createBlobStore(config: FileStoreConfig | undefined, dataDir: string): Promise<BlobStore> {
  if (!config || config.kind === 'local') return new LocalBlobStore(path.join(dataDir, 'files'));
  const { S3BlobStore } = await import('./s3.js');
  return new S3BlobStore(config);
}
