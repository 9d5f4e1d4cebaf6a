import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api';
import { useCurrentUser, useVerifyEmail } from '../api/session';
import { ResendVerification } from './resend-verification';

/** Opens the confirmation link once (the token is single-use): confirms the address and signs in. */
export function VerifyEmail({ token }: { token: string }) {
  const verify = useVerifyEmail();
  const { user } = useCurrentUser();
  const sent = useRef(false);
  const { mutate } = verify;
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  if (verify.isSuccess) {
    const joined = verify.data.joinedLeague;
    return (
      <Stack>
        <Alert color="green" role="status" title="Address confirmed">
          {verify.data.user.email} is confirmed, and you are logged in as {verify.data.user.username}.
          {joined && ` You have joined ${joined.name}, as the invitation offered.`}
        </Alert>
        <Group>
          <Button component={Link} to={joined ? `/league/${encodeURIComponent(joined.abb)}` : '/'}>
            {joined ? `GO TO ${joined.name.toUpperCase()}` : 'CONTINUE'}
          </Button>
        </Group>
      </Stack>
    );
  }
  // A used or stale link opened by someone already signed in with a confirmed address: nothing to do.
  if (verify.isError && user?.emailVerified) {
    return (
      <Stack>
        <Alert color="green" role="status" title="Address already confirmed">
          {user.email} is confirmed, and you are logged in as {user.username}. This link is no longer needed.
        </Alert>
        <Group>
          <Button component={Link} to="/">
            CONTINUE
          </Button>
        </Group>
      </Stack>
    );
  }
  if (verify.isError) {
    return (
      <Stack>
        <Alert color="red" role="alert">
          {errorMessage(verify.error)}
        </Alert>
        <Text size="sm">Send yourself a new link:</Text>
        <ResendVerification />
      </Stack>
    );
  }
  return <Loader aria-label="Confirming your address" />;
}

/** Shown on every page while the signed-in user's address is not confirmed. */
export function EmailConfirmBanner() {
  const { user } = useCurrentUser();
  if (!user || user.emailVerified) return null;
  return (
    <Alert color="yellow" title="Please confirm your e-mail address" mb="md">
      <Stack gap="xs">
        <Text size="sm">
          We sent a link to {user.email}. Open it to confirm your address: until then it cannot be used to
          reset your password or to sign in with Google.
        </Text>
        <ResendVerification email={user.email} />
      </Stack>
    </Alert>
  );
}
