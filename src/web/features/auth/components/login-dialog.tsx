import { Alert, Anchor, Button, Divider, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconBrandGoogle } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { registerPath, useAuthConfig, useCurrentUser, useForgotPassword, useLogin } from '../api/session';

/** The login modal itself, loaded the first time someone opens it (see LoginModalProvider). */
export default function LoginDialog({
  opened,
  onClose,
  inviteCode,
  startForgot,
}: {
  opened: boolean;
  onClose: () => void;
  inviteCode?: string;
  startForgot: boolean;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Log in to ALA Survivor" centered>
      {opened && <LoginPanel inviteCode={inviteCode} startForgot={startForgot} onDone={onClose} />}
    </Modal>
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
          <Anchor href={registerPath(inviteCode)} onClick={onDone} underline="always">
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
