/**
 * The directory drawer (./tree-drawer-panel.tsx), loaded when it first opens: only a phone or a narrow
 * window opens it, and the files page has no room in its budget for a drawer most never see.
 */
import { lazyDialog } from '@/app/components/lazy-dialog';
import type { TreeDrawerProps } from './tree-drawer-panel';

export const TreeDrawer = lazyDialog<TreeDrawerProps>(async () => (await import('./tree-drawer-panel')).TreeDrawerPanel);
