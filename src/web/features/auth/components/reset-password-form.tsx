import { Alert, Button, Group, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { AUTH_MESSAGES, PASSWORD_MIN_LENGTH } from '../../../../core/contracts/auth';
import { errorMessage } from '../../../lib/api';
import { useFinalizeReset, useResetUser } from '../api/session';
import { useLoginModal } from './login-modal';

const REDIRECT_MS = 5000;

/** Loads the account of a reset token, takes a new password and sends the user home after 5 s. */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const { openLogin } = useLoginModal();
  const resetUser = useResetUser(token);
  const finalize = useFinalizeReset();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const dirty = password !== '' || confirmPassword !== '';
  const valid = password.length >= PASSWORD_MIN_LENGTH && password === confirmPassword;

  useEffect(() => {
    if (!finalize.isSuccess) return;
    const timer = setTimeout(() => navigate('/'), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [finalize.isSuccess, navigate]);

  if (resetUser.isLoading) return <Loader aria-label="Loading" />;
  if (resetUser.isError) {
    return (
      <Stack>
        <Alert color="red" role="alert">
          {AUTH_MESSAGES.resetExpired}
        </Alert>
        <Group>
          <Button onClick={() => openLogin({ forgot: true })}>REQUEST A NEW LINK</Button>
        </Group>
      </Stack>
    );
  }
  if (finalize.isSuccess) {
    return (
      <Alert color="green" role="status">
        {finalize.data.message} Taking you home in 5 seconds…
      </Alert>
    );
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        finalize.mutate({ token, password, confirmPassword });
      }}
    >
      <Stack>
        <Text>
          Username: <b>{resetUser.data?.user.username}</b>
        </Text>
        <Text>
          Email: <b>{resetUser.data?.user.email}</b>
        </Text>
        <PasswordInput
          label="New password"
          description="At least 8 characters"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          autoComplete="new-password"
        />
        <PasswordInput
          label="Confirm new password"
          value={confirmPassword}
          onChange={(e) => setConfirmPassword(e.currentTarget.value)}
          autoComplete="new-password"
        />
        {confirmPassword !== '' && password !== confirmPassword && (
          <Text c="red.8" size="sm" role="status">
            {AUTH_MESSAGES.passwordMismatch}
          </Text>
        )}
        <Button type="submit" disabled={dirty && !valid} loading={finalize.isPending}>
          RESET PASSWORD
        </Button>
        {finalize.isError && (
          <Alert color="red" role="alert">
            {errorMessage(finalize.error)}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
