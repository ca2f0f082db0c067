/** React.lazy for a module's named export (pages are named exports, split into their own chunks). */
import { type ComponentType, lazy } from 'react';

export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}
