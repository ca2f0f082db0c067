/**
 * 404: also rendered for any unknown path (the address stays as typed), and — embedded in the app
 * layout — for a granted menu route whose page does not exist yet (`MissingPage`).
 */
import { LostIllustration } from '../components/illustrations';
import { StatusPage } from '../components/status-page';

export function NotFoundPage({ embedded = false }: { embedded?: boolean }) {
  return <StatusPage code="404" illustration={<LostIllustration />} embedded={embedded} />;
}

export function MissingPage() {
  return <NotFoundPage embedded />;
}
