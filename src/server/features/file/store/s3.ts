/** The S3-compatible blob store: being built (issue 17); until then S3_BUCKET refuses to start. */
import { ConfigError, type FileStoreConfig } from '../../../config.js';
import type { BlobStore } from './blob-store.js';

type S3Config = Extract<FileStoreConfig, { kind: 's3' }>;

export const S3BlobStore = class {
  constructor(config: S3Config) {
    throw new ConfigError(`S3_BUCKET=${config.bucket}: the S3 store is not built yet.`);
  }
} as unknown as new (config: S3Config) => BlobStore;
