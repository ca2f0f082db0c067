/** Paths of the file store as the screen walks them: `''` is the root, parts joined by `/`. */

/** `docs/2024/q1` → ['docs', 'docs/2024', 'docs/2024/q1']; the root has none. */
export function ancestorsOf(path: string): string[] {
  if (path === '') return [];
  const parts = path.split('/');
  return parts.map((_, index) => parts.slice(0, index + 1).join('/'));
}

/** `docs/2024` → `docs`; a top-level directory's parent is the root `''`. */
export function parentOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

/** The last part of a path: its name. */
export function nameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** `path` is `directory` or lies inside it. */
export function isWithin(path: string, directory: string): boolean {
  return directory === '' || path === directory || path.startsWith(`${directory}/`);
}
