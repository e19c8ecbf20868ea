import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Page = LazyExoticComponent<ComponentType>;
const page = (load: () => Promise<{ default: ComponentType }>): Page => lazy(load);

export interface AppRoute {
  path: string;
  component: Page;
  /** Menu label key in the common namespace; routes without one are not in the side menu. */
  menuKey?: string;
  /** Icon glyph for the menu. */
  icon?: string;
  /**
   * Who may open a signed-in screen, as the server decides for its routes (docs/product.md
   * "Permissions"): absent for every project role. Others see no menu entry and a "no permission"
   * message instead of the screen.
   */
  access?: 'manager' | 'admin';
  /** A number beside the menu entry: the completed stages waiting for review (docs/decisions/029-quality-loop.md). */
  badge?: 'pendingReviews';
}

/**
 * The route table (docs/product.md "Manager screens"), in one place. Only screens that exist are listed: an unlisted path is
 * "404 Page Not Found", and the side menu shows exactly the signed-in routes with a menuKey.
 */
export const publicRoutes: AppRoute[] = [
  { path: '/login', component: page(() => import('#web/features/auth/pages/login-page.tsx')) },
  { path: '/register', component: page(() => import('#web/features/auth/pages/register-page.tsx')) },
  // The ways back in (docs/product.md "Your own account"). /change-password needs a session but
  // stands outside the menu frame: nothing else works until the temporary password is replaced.
  { path: '/forgot-password', component: page(() => import('#web/features/auth/pages/forgot-password-page.tsx')) },
  { path: '/reset-password', component: page(() => import('#web/features/auth/pages/reset-password-page.tsx')) },
  { path: '/change-password', component: page(() => import('#web/features/auth/pages/change-password-page.tsx')) },
  // The worker pages — /qr-scan, /work-tasks/:roomId — are not in this app: each is an HTML entry of
  // its own (web/src/worker-app, contract/worker-pages.ts) that loads none of the manager code.
];

export const signedInRoutes: AppRoute[] = [
  { path: '/', component: page(() => import('#web/features/rooms/pages/room-map-page.tsx')), menuKey: 'nav.roomMap', icon: '▦' },
  {
    path: '/progress-matrix',
    component: page(() => import('#web/features/progress/pages/progress-matrix-page.tsx')),
    menuKey: 'nav.progressMatrix',
    icon: '▤',
  },
  {
    path: '/task-scheduling',
    component: page(() => import('#web/features/scheduling/pages/task-scheduling-page.tsx')),
    menuKey: 'nav.taskScheduling',
    icon: '✚',
    access: 'manager',
  },
  {
    path: '/room-generator',
    component: page(() => import('#web/features/generator/pages/room-generator-page.tsx')),
    menuKey: 'nav.roomGenerator',
    icon: '⊞',
    access: 'manager',
  },
  {
    path: '/shortages-table',
    component: page(() => import('#web/features/reports/pages/shortages-table-page.tsx')),
    menuKey: 'nav.shortages',
    icon: '△',
    access: 'manager',
  },
  {
    path: '/measurements-table',
    component: page(() => import('#web/features/reports/pages/measurements-table-page.tsx')),
    menuKey: 'nav.measurements',
    icon: '↔',
    access: 'manager',
  },
  {
    path: '/task-management',
    component: page(() => import('#web/features/templates/pages/task-management-page.tsx')),
    menuKey: 'nav.taskManagement',
    icon: '☰',
    access: 'manager',
  },
  {
    path: '/employee-performance',
    component: page(() => import('#web/features/insight/pages/employee-performance-page.tsx')),
    menuKey: 'nav.employeePerformance',
    icon: '★',
    access: 'manager',
  },
  {
    path: '/statistics',
    component: page(() => import('#web/features/insight/pages/statistics-page.tsx')),
    menuKey: 'nav.statistics',
    icon: '◔',
  },
  {
    path: '/work-tracking',
    component: page(() => import('#web/features/work-tracking/pages/work-tracking-page.tsx')),
    menuKey: 'nav.workTracking',
    icon: '✔',
  },
  {
    path: '/review',
    component: page(() => import('#web/features/review/pages/review-page.tsx')),
    menuKey: 'nav.review',
    icon: '⚑',
    access: 'manager',
    badge: 'pendingReviews',
  },
  {
    path: '/qr-print',
    component: page(() => import('#web/features/qr/pages/qr-print-page.tsx')),
    menuKey: 'nav.qrPrint',
    icon: '▣',
    access: 'manager',
  },
  {
    path: '/unit-labels',
    component: page(() => import('#web/features/qr/pages/unit-labels-page.tsx')),
    menuKey: 'nav.unitLabels',
    icon: '⧉',
    access: 'manager',
  },
  {
    path: '/user-management',
    component: page(() => import('#web/features/users/pages/user-management-page.tsx')),
    menuKey: 'nav.userManagement',
    icon: '⚇',
    access: 'admin',
  },
  { path: '/account-profile', component: page(() => import('#web/features/account/pages/account-profile-page.tsx')) },
  { path: '/invoices/:id', component: page(() => import('#web/features/invoices/pages/invoice-page.tsx')), access: 'manager' },
  // Printable A4 reports (docs/product.md "Printable reports"), reached from the map's unit dialog and from statistics.
  {
    path: '/units/:roomId/handover',
    component: page(() => import('#web/features/print-reports/pages/unit-handover-page.tsx')),
    access: 'manager',
  },
  {
    path: '/reports/progress',
    component: page(() => import('#web/features/print-reports/pages/progress-report-page.tsx')),
    access: 'manager',
  },
];

/**
 * The platform admin's screens (docs/product.md "Platform admin screens"), in their own frame: no
 * project menu; the frame checks the session is a platform admin's first.
 */
export const adminRoutes: AppRoute[] = [
  { path: '/admin-management', component: page(() => import('#web/features/admin/pages/admin-management-page.tsx')) },
  { path: '/customer-billing', component: page(() => import('#web/features/admin/pages/customer-billing-page.tsx')) },
  // A project's invoices and audit log, and one invoice as the platform's copy (docs/product.md "Tax invoice").
  {
    path: '/customer-billing/projects/:projectId',
    component: page(() => import('#web/features/invoices/pages/admin-project-billing-page.tsx')),
  },
  { path: '/customer-billing/invoices/:id', component: page(() => import('#web/features/invoices/pages/admin-invoice-page.tsx')) },
];
