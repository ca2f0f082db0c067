/**
 * The file store's calls (issue 17), typed by the contract and made through the app's one API client
 * and its one upload client, which show failures as the error catalogue says; screens catch only to
 * show 422 field errors or to stop a spinner.
 */
import { asFile, dataOf, fileOf } from '@/app/api/api';
import { client } from '@/app/api/client';
import { upload, type UploadProgress } from '@/app/api/upload';
import type { components } from '@openapi/admin-api';

export type FileEntry = components['schemas']['FileEntry'];
export type FileListData = components['schemas']['FileListData'];

export interface UploadFileOptions {
  /** '1' replaces a file of the same name; otherwise the server refuses it (422 on `file`). */
  replace: boolean;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

export const fileApi = {
  /** Directories first, then files, by name; `''` is the root. */
  list: (directory: string) => dataOf(client.POST('/file/list', { body: { directory } })),
  /** `name` may nest (`2024/q1` makes both levels). */
  makeDirectory: (directory: string, name: string) => dataOf(client.POST('/file/makeDirectory', { body: { directory, name } })),
  /** The directory with everything in it. */
  deleteDirectory: (directory: string) => dataOf(client.POST('/file/deleteDirectory', { body: { directory } })),
  /** All of them or none. */
  remove: (paths: string[]) => dataOf(client.POST('/file/delete', { body: { paths } })),
  download: (path: string) => fileOf(client.POST('/file/download', { body: { path }, ...asFile() })),
  /**
   * One file into `directory`. The server reads the form in order and must know where the file goes
   * and whether it may replace before the bytes arrive, so `file` is appended last.
   */
  upload: (directory: string, file: File, { replace, onProgress, signal }: UploadFileOptions) => {
    const form = new FormData();
    form.append('directory', directory);
    form.append('replace', replace ? '1' : '0');
    form.append('file', file, file.name);
    return upload('/file/uploadFile', form, { ...(onProgress ? { onProgress } : {}), ...(signal ? { signal } : {}) });
  },
};
