import { Box, ScrollArea } from '@mantine/core';
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

const HEADER_HEIGHT = 56;
const NAVBAR_WIDTH = 260;
/** Mantine's z-index of an app shell's header and navbar: under its modals, drawers and menus. */
const SHELL_Z_INDEX = 100;
const BORDER = '1px solid var(--mantine-color-gray-3)';

/*
 * The frame is plain boxes, not Mantine's AppShell: AppShell keeps state of its own (whether it is being
 * resized) that changes right after it mounts and 200 ms later, and each change hands its parts a new
 * context value. React cannot tell whether a part of a server-rendered page it has not hydrated yet reads
 * that context, so it dropped the server's HTML of the whole page under the frame and drew it again in the
 * browser: twice the work on a phone, and no part left to hydrate later
 * (docs/decisions/024-hydrate-when-visible.md). Nothing above the page may re-render while it hydrates.
 */

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

  const withNavbar = !isPhone && !collapsed;
  return (
    <>
      <Box
        component="header"
        pos="fixed"
        top={0}
        left={0}
        right={0}
        h={HEADER_HEIGHT}
        bg="var(--mantine-color-body)"
        style={{ zIndex: SHELL_Z_INDEX, borderBottom: BORDER }}
      >
        <Header
          onMenu={drawer.open}
          isPhone={isPhone}
          sidebarCollapsed={collapsed}
          onToggleSidebar={() => setCollapsed(!collapsed)}
        />
      </Box>
      {withNavbar && (
        <Box
          component="nav"
          pos="fixed"
          top={HEADER_HEIGHT}
          left={0}
          w={NAVBAR_WIDTH}
          h={`calc(100dvh - ${HEADER_HEIGHT}px)`}
          bg="var(--mantine-color-body)"
          display="flex"
          style={{ zIndex: SHELL_Z_INDEX, flexDirection: 'column', borderInlineEnd: BORDER }}
        >
          <ScrollArea style={{ flex: 1 }}>
            <Sidebar />
          </ScrollArea>
        </Box>
      )}
      {drawerWanted && (
        <Suspense fallback={null}>
          <PhoneDrawer opened={drawerShown} onClose={drawer.close} />
        </Suspense>
      )}
      <Box
        component="main"
        mih="100dvh"
        style={{
          paddingTop: `calc(${HEADER_HEIGHT}px + var(--mantine-spacing-md))`,
          paddingBottom: 'var(--mantine-spacing-md)',
          paddingInlineEnd: 'var(--mantine-spacing-md)',
          paddingInlineStart: withNavbar
            ? `calc(${NAVBAR_WIDTH}px + var(--mantine-spacing-md))`
            : 'var(--mantine-spacing-md)',
        }}
      >
        <EmailConfirmBanner />
        <Outlet />
      </Box>
    </>
  );
}
