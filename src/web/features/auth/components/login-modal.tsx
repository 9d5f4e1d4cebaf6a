import { Alert, Anchor, Button, Divider, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconBrandGoogle } from '@tabler/icons-react';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { useAuthConfig, useCurrentUser, useForgotPassword, useLogin } from '../api/session';

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
  const [inviteCode, setInviteCode] = useState<string | undefined>();
  const [startForgot, setStartForgot] = useState(false);
  const openLogin = useCallback((options?: { inviteCode?: string; forgot?: boolean }) => {
    setInviteCode(options?.inviteCode);
    setStartForgot(Boolean(options?.forgot));
    setOpened(true);
  }, []);
  const value = useMemo(() => ({ openLogin }), [openLogin]);
  return (
    <LoginModalContext.Provider value={value}>
      {children}
      <Modal opened={opened} onClose={() => setOpened(false)} title="Log in to ALA Survivor" centered>
        {opened && (
          <LoginPanel inviteCode={inviteCode} startForgot={startForgot} onDone={() => setOpened(false)} />
        )}
      </Modal>
    </LoginModalContext.Provider>
  );
}

function LoginPanel({
  inviteCode,
  startForgot,
  onDone,
}: {
  inviteCode?: string;
  startForgot: boolean;
  onDone: () => void;
}) {
  const { user } = useCurrentUser();
  const [mode, setMode] = useState<'login' | 'forgot'>(startForgot ? 'forgot' : 'login');
  if (user) return <Text>You are already logged in!</Text>;
  return mode === 'login' ? (
    <LoginForm inviteCode={inviteCode} onDone={onDone} onForgot={() => setMode('forgot')} />
  ) : (
    <ForgotForm onBack={() => setMode('login')} />
  );
}

function LoginForm({
  inviteCode,
  onDone,
  onForgot,
}: {
  inviteCode?: string;
  onDone: () => void;
  onForgot: () => void;
}) {
  const login = useLogin();
  const authConfig = useAuthConfig();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        login.mutate(
          { username, password, inviteCode },
          {
            onSuccess: (data) => {
              onDone();
              // The invite was accepted with the login: go to the league's home.
              if (data.joinedLeague)
                window.location.assign(`/league/${encodeURIComponent(data.joinedLeague)}`);
            },
          },
        );
      }}
    >
      <Stack>
        <TextInput
          label="Username or email"
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
          autoComplete="username"
          required
          data-autofocus
        />
        <PasswordInput
          label="Password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          autoComplete="current-password"
          required
        />
        <Button type="submit" loading={login.isPending}>
          LOG IN
        </Button>
        {login.isError && (
          <Alert color="red" role="alert">
            {errorMessage(login.error)}
          </Alert>
        )}
        <Anchor component="button" type="button" size="sm" onClick={onForgot}>
          Forgot your password?
        </Anchor>
        {authConfig.data?.google && (
          <>
            <Divider label="or" />
            <Button
              component="a"
              href="/auth/google"
              variant="default"
              leftSection={<IconBrandGoogle size={18} />}
            >
              Sign in with Google
            </Button>
          </>
        )}
        <Text size="sm">
          New here?{' '}
          <Anchor href="/register" onClick={onDone} underline="always">
            Create an account
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}

function ForgotForm({ onBack }: { onBack: () => void }) {
  const forgot = useForgotPassword();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        forgot.mutate({ username, email });
      }}
    >
      <Stack>
        <Text size="sm">Enter your username and the email of your account; we will send a reset link.</Text>
        <TextInput
          label="Username"
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
          required
        />
        <TextInput
          label="Email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          required
        />
        <Button type="submit" loading={forgot.isPending}>
          SEND RESET LINK
        </Button>
        {forgot.isSuccess && (
          <Alert color="green" role="status">
            {forgot.data.message}
          </Alert>
        )}
        {forgot.isError && (
          <Alert color="red" role="alert">
            {errorMessage(forgot.error)}
          </Alert>
        )}
        <Anchor component="button" type="button" size="sm" onClick={onBack}>
          Back to log in
        </Anchor>
      </Stack>
    </form>
  );
}
