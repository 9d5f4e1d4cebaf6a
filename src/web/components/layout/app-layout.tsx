import { AppShell, Drawer, ScrollArea } from '@mantine/core';
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useUserDataRefresh } from '../../features/auth/api/session';
import { notify } from '../../lib/notify';
import { Header } from './header';
import { Sidebar } from './sidebar';

export const PHONE_QUERY = '(max-width: 768px)';

/** Header, sidebar (a drawer on phones) and the page. */
export function AppLayout() {
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const [collapsed, setCollapsed] = useLocalStorage({ key: 'ala.sidebarCollapsed', defaultValue: false });
  const [drawerOpen, drawer] = useDisclosure(false);
  const location = useLocation();
  const navigate = useNavigate();
  useUserDataRefresh();

  // Google sign-in comes back to /?login=failed when it did not work: say so once.
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (params.get('login') !== 'failed') return;
    notify({
      title: 'Sign-in failed',
      message: 'Google sign-in did not work. Please try again, or log in with your username.',
      color: 'red',
      autoClose: 6000,
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
      <Drawer opened={isPhone && drawerOpen} onClose={drawer.close} size={280} title="Menu" padding="xs">
        <Sidebar onNavigate={drawer.close} />
      </Drawer>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
