/**
 * The permission directive as a component: renders its children only when the logged-in
 * user holds `name` (`<Permission name="triviaGame.edit"><Button …/></Permission>`), otherwise nothing.
 */
import type { ReactNode } from 'react';
import { usePermission } from '../hooks/use-access-routes';

export function Permission({ name, children }: { name: string; children: ReactNode }) {
  return usePermission(name) ? children : null;
}
