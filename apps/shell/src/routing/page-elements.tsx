import { lazy, Suspense, type ReactElement } from 'react';
import { LoginPage } from '../pages/auth/LoginPage';
import { RegisterPage } from '../pages/auth/RegisterPage';
import { LandingPage } from '../pages/landing/LandingPage';
import { NotFoundPage } from '../pages/not-found/NotFoundPage';
import { RemoteLoading } from '../remotes/RemoteLoading';
import { RemotePage } from '../remotes/RemotePage';
import type { PageKey } from './route-table';

/** Opened from an invitation link only: kept out of the code every signed-in page loads. */
const InvitationPage = lazy(() => import('../pages/invite/InvitationPage'));
/** Opened from a share link only, by anyone. */
const SharedSopPage = lazy(() => import('../pages/share/SharedSopPage'));

/** The shell's own pages, and for the rest the remote module that renders them. */
export const pageElements: Record<PageKey, ReactElement> = {
  landing: <LandingPage />,
  login: <LoginPage />,
  register: <RegisterPage />,
  dashboard: <RemotePage key="dashboard/DashboardPage" remote="dashboard" module="./DashboardPage" />,
  profile: <RemotePage key="billing/ProfileSettingsPage" remote="billing" module="./ProfileSettingsPage" />,
  create: <RemotePage key="editor/CreatePage" remote="editor" module="./CreatePage" />,
  sop: <RemotePage key="editor/SopDetailPage" remote="editor" module="./SopDetailPage" />,
  templates: <RemotePage key="templates/TemplatesPage" remote="templates" module="./TemplatesPage" />,
  pricing: <RemotePage key="billing/PricingPage" remote="billing" module="./PricingPage" />,
  billing: <RemotePage key="billing/BillingPage" remote="billing" module="./BillingPage" />,
  billingPortal: <RemotePage key="billing/LocalPortalPage" remote="billing" module="./LocalPortalPage" />,
  checkout: <RemotePage key="billing/LocalCheckoutPage" remote="billing" module="./LocalCheckoutPage" />,
  workspaceMembers: <RemotePage key="dashboard/WorkspaceMembersPage" remote="dashboard" module="./WorkspaceMembersPage" />,
  workspaceActivity: <RemotePage key="dashboard/WorkspaceActivityPage" remote="dashboard" module="./WorkspaceActivityPage" />,
  invitation: (
    <Suspense fallback={<RemoteLoading />}>
      <InvitationPage />
    </Suspense>
  ),
  sharedSop: (
    <Suspense fallback={<RemoteLoading />}>
      <SharedSopPage />
    </Suspense>
  ),
  notFound: <NotFoundPage />,
};
