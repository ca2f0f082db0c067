/**
 * Page component keys → pages. The server names a page by a key (`component` of accessed_routes, e.g.
 * `triviaGame/index`); this is the one place that says which page a key renders. Each feature adds
 * its pages here. A key missing from the map renders the 404 page, never a blank screen.
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyPage } from '@/app/lib/lazy-page';

type Page = LazyExoticComponent<ComponentType> | ComponentType;

export const routeComponents: Readonly<Record<string, Page>> = {
  dashboard: lazyPage(() => import('@/app/features/dashboard/routes/dashboard'), 'DashboardPage', ['shell']),
  'triviaGame/index': lazyPage(() => import('@/app/features/trivia-game/routes/game-list'), 'TriviaGameListPage', ['trivia']),
  'triviaGame/update': lazyPage(() => import('@/app/features/trivia-game/routes/question-list'), 'QuestionListPage', ['trivia']),
  'triviaGame/start': lazyPage(() => import('@/app/features/live/routes/game-control'), 'GameControlPage', ['live']),
  'notification/index': lazyPage(() => import('@/app/features/notification/routes/notification-list'), 'NotificationListPage', ['notification']),
  'notification/send': lazyPage(() => import('@/app/features/notification/routes/notification-send'), 'NotificationSendPage', ['notification']),
  'website/privacy': lazyPage(() => import('@/app/features/privacy/routes/privacy-editor'), 'PrivacyEditorPage', ['notification']),
  'admin/index': lazyPage(() => import('@/app/features/admin/routes/admin-list'), 'AdminListPage', ['admin']),
  'admin/role': lazyPage(() => import('@/app/features/admin/routes/role-list'), 'RoleListPage', ['admin']),
  'admin/company': lazyPage(() => import('@/app/features/company/routes/company-list'), 'CompanyListPage', ['company']),
  'admin/audit': lazyPage(() => import('@/app/features/audit/routes/audit-list'), 'AuditListPage', ['audit']),
  'file/index': lazyPage(() => import('@/app/features/file/routes/file-manager'), 'FileManagerPage', ['file']),
};

export const NotFoundPage = lazyPage(() => import('@/app/features/errors/routes/not-found'), 'NotFoundPage');
/** The 404 page inside the app layout, for a granted route whose page does not exist (yet). */
const MissingPage = lazyPage(() => import('@/app/features/errors/routes/not-found'), 'MissingPage');

export function pageFor(key: string | undefined): Page {
  return (key !== undefined && Object.hasOwn(routeComponents, key) ? routeComponents[key] : undefined) ?? MissingPage;
}
