/** Placeholder until the feature's page lands (replaced in this same change). */
import { UnfinishedPage } from '@/app/components/unfinished-page';

export function RoleListPage() {
  return <UnfinishedPage title="role" />;
}
