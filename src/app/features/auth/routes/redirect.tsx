/** /redirect/*: re-routes to /* with the same query (used to re-render the current page). */
import { Navigate, useLocation, useParams } from 'react-router-dom';

export function RedirectPage() {
  const { '*': rest = '' } = useParams();
  const { search, hash } = useLocation();
  return <Navigate to={`/${rest}${search}${hash}`} replace />;
}
