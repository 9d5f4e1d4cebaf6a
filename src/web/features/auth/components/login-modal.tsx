import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
} from 'react';

// The modal (and the scroll lock and focus trap it brings) stays out of the start-up code.
const LoginDialog = lazy(() => import('./login-dialog'));

interface LoginModalControls {
  /** `forgot` opens the forgot-password form instead of the login form. */
  openLogin: (options?: { inviteCode?: string; forgot?: boolean }) => void;
}

const LoginModalContext = createContext<LoginModalControls>({ openLogin: () => {} });

/** Opens the login modal from anywhere (header, sidebar, pick buttons). */
export function useLoginModal(): LoginModalControls {
  return useContext(LoginModalContext);
}

export function LoginModalProvider({ children }: { children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  // Mounted from the first opening on, so that it can play its closing transition.
  const [wanted, setWanted] = useState(false);
  const [inviteCode, setInviteCode] = useState<string | undefined>();
  const [startForgot, setStartForgot] = useState(false);
  const openLogin = useCallback((options?: { inviteCode?: string; forgot?: boolean }) => {
    setInviteCode(options?.inviteCode);
    setStartForgot(Boolean(options?.forgot));
    setOpened(true);
    setWanted(true);
  }, []);
  const value = useMemo(() => ({ openLogin }), [openLogin]);
  return (
    <LoginModalContext.Provider value={value}>
      {children}
      {wanted && (
        <Suspense fallback={null}>
          <LoginDialog
            opened={opened}
            onClose={() => setOpened(false)}
            inviteCode={inviteCode}
            startForgot={startForgot}
          />
        </Suspense>
      )}
    </LoginModalContext.Provider>
  );
}
