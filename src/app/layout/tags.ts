/**
 * The tags view of visited pages: which pages are open, which are pinned (the dashboard and
 * the menus whose affix is on), and a refresh counter per page (a refresh re-mounts the page: the
 * keep-alive area keys each page by path and counter). Module-level, so it survives layout re-renders;
 * it never navigates — the views decide where to go after closing.
 */
import { createStore, useStore } from './lib/store';

export interface Tag {
  /** Pathname, the tag's identity (one tag per page address). */
  path: string;
  /** Pathname with query, where clicking the tag goes. */
  fullPath: string;
  /** i18n key of the title. */
  title: string;
  affix: boolean;
}

interface TagsState {
  tags: Tag[];
  refreshes: Record<string, number>;
}

const tagsStore = createStore<TagsState>({ tags: [], refreshes: {} });

export const useTags = () => useStore(tagsStore, (state) => state.tags);
export const useRefreshes = () => useStore(tagsStore, (state) => state.refreshes);

/** Pins exactly `pinned` (kept first, in order); tags that lost their pin stay open, closable. */
export function syncPinned(pinned: readonly Tag[]): void {
  tagsStore.set((state) => {
    const pinnedPaths = new Set(pinned.map((tag) => tag.path));
    const rest = state.tags.filter((tag) => !pinnedPaths.has(tag.path)).map((tag) => (tag.affix ? { ...tag, affix: false } : tag));
    const next = [...pinned.map((tag) => ({ ...tag, fullPath: state.tags.find((t) => t.path === tag.path)?.fullPath ?? tag.fullPath })), ...rest];
    const same = next.length === state.tags.length && next.every((tag, i) => sameTag(tag, state.tags[i]!));
    return same ? state : { ...state, tags: next };
  });
}

const sameTag = (a: Tag, b: Tag) => a.path === b.path && a.fullPath === b.fullPath && a.title === b.title && a.affix === b.affix;

/** Opens (or updates) the tag of a visited page. */
export function visit(tag: Tag): void {
  tagsStore.set((state) => {
    const index = state.tags.findIndex((t) => t.path === tag.path);
    if (index === -1) return { ...state, tags: [...state.tags, tag] };
    const current = state.tags[index]!;
    const updated = { ...current, fullPath: tag.fullPath, title: tag.title };
    if (sameTag(updated, current)) return state;
    return { ...state, tags: state.tags.map((t, i) => (i === index ? updated : t)) };
  });
}

export function closeTag(path: string): void {
  tagsStore.set((state) => ({ ...state, tags: state.tags.filter((tag) => tag.affix || tag.path !== path) }));
}

export function closeOtherTags(path: string): void {
  tagsStore.set((state) => ({ ...state, tags: state.tags.filter((tag) => tag.affix || tag.path === path) }));
}

export function closeAllTags(): void {
  tagsStore.set((state) => ({ ...state, tags: state.tags.filter((tag) => tag.affix) }));
}

export function refreshTag(path: string): void {
  tagsStore.set((state) => ({ ...state, refreshes: { ...state.refreshes, [path]: (state.refreshes[path] ?? 0) + 1 } }));
}

export function currentTags(): Tag[] {
  return tagsStore.get().tags;
}

/** Forgets everything (a new session starts with its own tags). */
export function resetTags(): void {
  tagsStore.set({ tags: [], refreshes: {} });
}
