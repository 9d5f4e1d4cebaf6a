import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { useResendVerification } from '../api/session';

/**
 * "Did not get it?": sends a fresh confirmation link. With `email` it offers a button for that
 * address; without, a field to type it.
 */
export function ResendVerification({ email }: { email?: string }) {
  const resend = useResendVerification();
  const [typed, setTyped] = useState('');
  const address = email ?? typed.trim();
  if (resend.isSuccess) {
    return (
      <Alert color="green" role="status">
        {resend.data.message}
      </Alert>
    );
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (address) resend.mutate(address);
      }}
    >
      <Stack gap="xs">
        {email ? (
          <Text size="sm">
            No e-mail after a few minutes? Check your spam folder, or{' '}
            <Anchor component="button" type="submit" size="sm" disabled={resend.isPending}>
              send the link again
            </Anchor>
            .
          </Text>
        ) : (
          <Group align="flex-end">
            <TextInput
              label="Your e-mail address"
              type="email"
              autoComplete="email"
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              required
            />
            <Button type="submit" loading={resend.isPending}>
              SEND A NEW LINK
            </Button>
          </Group>
        )}
        {resend.isError && (
          <Alert color="red" role="alert">
            {errorMessage(resend.error)}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
