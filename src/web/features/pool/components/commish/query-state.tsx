import { Alert, Center, Loader } from '@mantine/core';
import { errorMessage } from '../../../../lib/api';

/**
 * A tool's read while it loads (a spinner named `loading`) or once it failed (the server's message in a red
 * alert titled `failed`); nothing once it has its data.
 */
export function QueryState({
  query,
  loading,
  failed,
}: {
  query: { isLoading: boolean; isError: boolean; error: unknown };
  loading: string;
  failed: string;
}) {
  if (query.isLoading) {
    return (
      <Center py="lg">
        <Loader role="status" aria-label={loading} />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" role="alert" title={failed}>
        {errorMessage(query.error)}
      </Alert>
    );
  }
  return null;
}
