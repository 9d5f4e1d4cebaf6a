import { AppShell, Drawer, ScrollArea, Tooltip, UnstyledButton } from '@mantine/core';
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Header } from './header';
import { Sidebar } from './sidebar';

export const PHONE_QUERY = '(max-width: 768px)';

/** Header, sidebar (a drawer on phones) and the page. */
export function AppLayout() {
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const [collapsed, setCollapsed] = useLocalStorage({ key: 'ala.sidebarCollapsed', defaultValue: false });
  const [drawerOpen, drawer] = useDisclosure(false);
  const location = useLocation();

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
        <Header onMenu={drawer.open} isPhone={isPhone} />
      </AppShell.Header>
      {!isPhone && !collapsed && (
        <AppShell.Navbar>
          <AppShell.Section grow component={ScrollArea}>
            <Sidebar />
          </AppShell.Section>
        </AppShell.Navbar>
      )}
      {!isPhone && (
        <Tooltip label={collapsed ? 'Show sidebar' : 'Hide sidebar'} position="right">
          <UnstyledButton
            aria-label={collapsed ? 'Show sidebar' : 'Hide sidebar'}
            onClick={() => setCollapsed(!collapsed)}
            style={{
              position: 'fixed',
              bottom: 16,
              left: collapsed ? 8 : 224,
              zIndex: 200,
              background: 'white',
              borderRadius: 8,
              padding: 4,
              boxShadow: '0 1px 4px rgba(0,0,0,.2)',
              display: 'flex',
            }}
          >
            {collapsed ? (
              <IconLayoutSidebarLeftExpand size={20} />
            ) : (
              <IconLayoutSidebarLeftCollapse size={20} />
            )}
          </UnstyledButton>
        </Tooltip>
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
