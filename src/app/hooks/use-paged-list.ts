/**
 * A paged, filtered list loaded through the API, as the back office's list screens show it: page,
 * page size (10, 25 or 50; default 10), the filters that were applied (not the ones being typed),
 * the rows and total, and `reload` after a change. A newer request wins; an older answer arriving late
 * is dropped. A deletion that empties the last page shows the page before. `failed` says the last read
 * failed (the table offers a retry); `patchRows` changes rows on screen that the server changed too (a
 * notification read in its dialog) without reading the page again. (A screen whose address names no
 * valid object never mounts its list: RecordGuard shows the not-found state instead.)
 */
import { useCallback, useEffect, useEffectEvent, useState } from 'react';

export const PAGE_SIZES = [10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = PAGE_SIZES[0];

export type PagedQuery<Filters> = Filters & { page: number; limit: number };

export function usePagedList<Row, Filters extends object>(
  load: (query: PagedQuery<Filters>) => Promise<{ list: Row[]; total: number }>,
  initial: Filters,
) {
  const [query, setQuery] = useState<PagedQuery<Filters>>({ ...initial, page: 1, limit: DEFAULT_PAGE_SIZE });
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [version, setVersion] = useState(0);
  const [failed, setFailed] = useState(false);
  // The query and version whose answer came (or failed): loading until the current ones have.
  const [answered, setAnswered] = useState<{ query: PagedQuery<Filters>; version: number } | null>(null);
  const loading = answered?.query !== query || answered.version !== version;
  // The caller's inline loader: a new query or a reload reads again, a new function alone does not.
  const read = useEffectEvent(load);

  useEffect(() => {
    let current = true;
    read(query)
      .then((data) => {
        if (!current) return;
        if (data.list.length === 0 && data.total > 0 && query.page > 1) {
          setQuery((q) => ({ ...q, page: Math.max(1, Math.ceil(data.total / q.limit)) }));
          return;
        }
        setRows(data.list);
        setTotal(data.total);
        setFailed(false);
      })
      .catch(() => current && setFailed(true)) // the API client already told the user why
      .finally(() => current && setAnswered({ query, version }));
    return () => {
      current = false;
    };
  }, [query, version]);

  return {
    query,
    rows,
    total,
    loading,
    failed,
    patchRows: useCallback((patch: (row: Row) => Row) => setRows((current) => current.map(patch)), []),
    reload: useCallback(() => setVersion((v) => v + 1), []),
    /** Applies new filters from the first page. */
    setFilters: useCallback((filters: Filters) => setQuery((q) => ({ ...q, ...filters, page: 1 })), []),
    setPage: useCallback((page: number) => setQuery((q) => ({ ...q, page })), []),
    setPageSize: useCallback((limit: number) => setQuery((q) => ({ ...q, page: 1, limit })), []),
  };
}

/** What a table needs of a paged list (usePagedList's answer has it all). */
export interface PagedRows<Row> {
  query: { page: number; limit: number };
  rows: readonly Row[];
  total: number;
  loading: boolean;
  failed: boolean;
  reload: () => void;
  setPage: (page: number) => void;
  setPageSize: (limit: number) => void;
}
