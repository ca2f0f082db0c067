/** 503: the service is down or under maintenance. */
import { MaintenanceIllustration } from '../components/illustrations';
import { StatusPage } from '../components/status-page';

export function ServiceUnavailablePage() {
  return <StatusPage code="503" illustration={<MaintenanceIllustration />} />;
}
