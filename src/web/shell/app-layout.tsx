import { AppShell, ScrollArea } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { AUTH_MESSAGES } from '../../core/contracts/auth';
import { useUserDataRefresh } from '../features/auth/api/session';
import { EmailConfirmBanner } from '../features/auth/components/verify-email';
import { useFirstRenderMediaQuery } from '../lib/first-render';
import { notify } from '../lib/notify';
import { Header } from './header';
import { Sidebar } from './sidebar';

// The drawer (and the scroll lock and focus trap it brings) stays out of the start-up code.
const PhoneDrawer = lazy(() => import('./phone-drawer'));

export const PHONE_QUERY = '(max-width: 768px)';

/** Header, sidebar (a drawer on phones) and the page. */
export function AppLayout() {
  const isPhone = useFirstRenderMediaQuery(PHONE_QUERY, true);
  const [collapsed, setCollapsed] = useLocalStorage({ key: 'ala.sidebarCollapsed', defaultValue: false });
  const [drawerOpen, drawer] = useDisclosure(false);
  const drawerShown = isPhone && drawerOpen;
  // Mounted from the first opening on, so that it can play its closing transition.
  const [drawerWanted, setDrawerWanted] = useState(false);
  if (drawerShown && !drawerWanted) setDrawerWanted(true);
  const location = useLocation();
  const navigate = useNavigate();
  useUserDataRefresh();

  // Google sign-in comes back to /?login=failed (or =unverified) when it did not work: say so once.
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const outcome = params.get('login');
    if (outcome !== 'failed' && outcome !== 'unverified') return;
    notify({
      title: 'Sign-in failed',
      message:
        outcome === 'unverified'
          ? AUTH_MESSAGES.googleUnverified
          : 'Google sign-in did not work. Please try again, or log in with your username.',
      color: 'red',
      autoClose: outcome === 'unverified' ? 12000 : 6000,
    });
    params.delete('login');
    const search = params.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
  }, [location.search, location.pathname, navigate]);

  // The drawer closes whenever the page changes.
  const { close: closeDrawer } = drawer;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger, not an input
  useEffect(() => {
    closeDrawer();
  }, [location.pathname, closeDrawer]);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={isPhone || collapsed ? undefined : { width: 260, breakpoint: 0 }}
      padding="md"
    >
      <AppShell.Header>
        <Header
          onMenu={drawer.open}
          isPhone={isPhone}
          sidebarCollapsed={collapsed}
          onToggleSidebar={() => setCollapsed(!collapsed)}
        />
      </AppShell.Header>
      {!isPhone && !collapsed && (
        <AppShell.Navbar>
          <AppShell.Section grow component={ScrollArea}>
            <Sidebar />
          </AppShell.Section>
        </AppShell.Navbar>
      )}
      {drawerWanted && (
        <Suspense fallback={null}>
          <PhoneDrawer opened={drawerShown} onClose={drawer.close} />
        </Suspense>
      )}
      <AppShell.Main>
        <EmailConfirmBanner />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
