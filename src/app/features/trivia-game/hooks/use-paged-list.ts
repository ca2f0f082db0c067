/**
 * A paged, title-searchable list loaded through the API: page, page size (default 10), the title
 * filter that was applied (not the one being typed), the rows and total, and `reload` after a change.
 * A newer request wins; an older answer arriving late is dropped.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export const PAGE_SIZES = [10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = PAGE_SIZES[0];

export interface ListQuery {
  page: number;
  limit: number;
  title: string;
}

export function usePagedList<Row>(load: (query: ListQuery) => Promise<{ list: Row[]; total: number }>, enabled = true) {
  const [query, setQuery] = useState<ListQuery>({ page: 1, limit: DEFAULT_PAGE_SIZE, title: '' });
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    if (!enabled) return;
    let current = true;
    setLoading(true);
    loadRef
      .current(query)
      .then((data) => {
        if (!current) return;
        // A deletion can empty the last page: show the one before.
        if (data.list.length === 0 && data.total > 0 && query.page > 1) {
          setQuery((q) => ({ ...q, page: Math.max(1, Math.ceil(data.total / q.limit)) }));
          return;
        }
        setRows(data.list);
        setTotal(data.total);
      })
      .catch(() => undefined) // the API client already told the user
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [query, version, enabled]);

  return {
    query,
    rows,
    total,
    loading,
    reload: useCallback(() => setVersion((v) => v + 1), []),
    search: useCallback((title: string) => setQuery((q) => ({ ...q, page: 1, title })), []),
    setPage: useCallback((page: number) => setQuery((q) => ({ ...q, page })), []),
    setPageSize: useCallback((limit: number) => setQuery((q) => ({ ...q, page: 1, limit })), []),
  };
}
