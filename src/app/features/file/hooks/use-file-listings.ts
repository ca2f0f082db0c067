/**
 * The directories the screen has listed, by path (`''` = the root): the table shows the current one
 * and the tree the directories inside each expanded one, so a directory listed once serves both, and
 * the tree loads a directory only when it is first expanded. Every change reloads the directory it
 * touched; the server's list is the truth. An answer that arrives after a newer request for the same
 * directory is dropped.
 */
import { useCallback, useRef, useState } from 'react';
import { DEFAULT_UPLOAD_LIMIT_BYTES } from '@/domain/file-types';
import { type FileEntry, type FileListData, fileApi } from '../api/files';
import { isWithin } from '../lib/paths';

export interface Listing {
  status: 'loading' | 'ready' | 'error';
  /** The last entries listed (kept while the directory reloads). */
  entries: FileEntry[];
}

export function useFileListings() {
  const [listings, setListings] = useState<Readonly<Record<string, Listing>>>({});
  const [uploadLimit, setUploadLimit] = useState(DEFAULT_UPLOAD_LIMIT_BYTES);
  const sequence = useRef(new Map<string, number>());

  /** Lists `directory` (again); resolves with the answer, or null when it failed or was overtaken. */
  const load = useCallback(async (directory: string): Promise<FileListData | null> => {
    const ticket = (sequence.current.get(directory) ?? 0) + 1;
    sequence.current.set(directory, ticket);
    const set = (listing: Listing) => setListings((current) => ({ ...current, [directory]: listing }));
    setListings((current) => ({ ...current, [directory]: { status: 'loading', entries: current[directory]?.entries ?? [] } }));
    try {
      const data = await fileApi.list(directory);
      if (sequence.current.get(directory) !== ticket) return null;
      setUploadLimit(data.upload_limit);
      set({ status: 'ready', entries: data.list });
      return data;
    } catch {
      // The API client has shown why (the directory no longer exists, no answer…).
      if (sequence.current.get(directory) === ticket) set({ status: 'error', entries: [] });
      return null;
    }
  }, []);

  /** Forgets `directory` and everything listed inside it (it was deleted). */
  const forget = useCallback((directory: string) => {
    for (const path of sequence.current.keys()) if (isWithin(path, directory)) sequence.current.delete(path);
    setListings((current) => Object.fromEntries(Object.entries(current).filter(([path]) => !isWithin(path, directory))));
  }, []);

  return { listings, uploadLimit, load, forget };
}
