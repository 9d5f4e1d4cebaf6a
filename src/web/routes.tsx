import { Loader } from '@mantine/core';
import { lazy, type ReactNode, useEffect } from 'react';
import { Navigate, type RouteObject, useLocation } from 'react-router';
import { loadBoundary } from './components/load-state';
import { AppLayout } from './shell/app-layout';

const LandingPage = lazy(() => import('./routes/landing'));
const GetStartedPage = lazy(() => import('./routes/get-started'));
const RegisterPage = lazy(() => import('./routes/register'));
const ResetPasswordPage = lazy(() => import('./routes/reset-password'));
const VerifyEmailPage = lazy(() => import('./routes/verify-email'));
const ProfilePage = lazy(() => import('./routes/profile'));
const NotFoundPage = lazy(() => import('./routes/not-found'));
const AdminOutboxPage = lazy(() => import('./routes/admin-outbox'));
const AdminFeedsPage = lazy(() => import('./routes/admin-feeds'));
const LeaguesHubPage = lazy(() => import('./routes/leagues-hub'));
const LeaguePage = lazy(() => import('./routes/league'));
const LeagueInvitePage = lazy(() => import('./routes/league-invite'));
const LeagueNotFoundPage = lazy(() => import('./routes/league-not-found'));
const ChangelogPage = lazy(() => import('./routes/changelog'));
const ChangelogAdminPage = lazy(() => import('./routes/changelog-admin'));
const PoolPage = lazy(() => import('./routes/pool'));

/** A page: its code loads behind a skeleton, and a failure shows in words until another address opens. */
function Lazy({ children }: { children: ReactNode }) {
  return loadBoundary({
    loading: 'Loading page',
    failed: 'Could not show this page',
    resetKey: useLocation().pathname,
    children,
  });
}

/** The offline 2019 NBA pool lives elsewhere; the server knows where. */
function ExternalRedirect({ to }: { to: string }) {
  useEffect(() => {
    window.location.replace(to);
  }, [to]);
  return <Loader m="xl" aria-label="Redirecting" />;
}

const page = (element: ReactNode) => <Lazy>{element}</Lazy>;

/** The route table of spec 3 section 2.1. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: page(<LandingPage />) },
      { path: '/getstarted/*', element: page(<GetStartedPage />) },
      { path: '/register', element: page(<RegisterPage />) },
      { path: '/reset-password/:token', element: page(<ResetPasswordPage />) },
      { path: '/verify-email/:token', element: page(<VerifyEmailPage />) },
      { path: '/profile', element: page(<ProfilePage />) },
      { path: '/leagues', element: <Navigate to="/leagues/allpools" replace /> },
      { path: '/leagues/find', element: page(<LeaguesHubPage tab="leagues" />) },
      {
        path: '/leagues/allpools/:game?/:scope?',
        element: page(<LeaguesHubPage tab="pools" />),
      },
      { path: '/leagues/create', element: page(<LeaguesHubPage tab="create" />) },
      {
        path: '/leagues/createpool/:game?',
        element: page(<LeaguesHubPage tab="createpool" />),
      },
      { path: '/invite/league/:code', element: page(<LeagueInvitePage />) },
      { path: '/league/error/notfound', element: page(<LeagueNotFoundPage />) },
      { path: '/league/:abb/*', element: page(<LeaguePage />) },
      { path: '/changelog', element: page(<ChangelogPage />) },
      { path: '/changelog-admin', element: page(<ChangelogAdminPage />) },
      { path: '/site-admin/outbox', element: page(<AdminOutboxPage />) },
      { path: '/site-admin/feeds', element: page(<AdminFeedsPage />) },
      { path: '/nba19/offline', element: <ExternalRedirect to="/nba19/offline" /> },
      {
        path: '/:game/:leagueAbb/:season/:seasonType/:poolIdx/*',
        element: page(<PoolPage />),
      },
      { path: '*', element: page(<NotFoundPage />) },
    ],
  },
];
