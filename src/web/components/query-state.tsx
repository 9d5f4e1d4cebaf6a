import { errorMessage } from '../lib/api';
import { LoadFailed, LoadingSkeleton } from './load-state';

/**
 * A query's answer while it loads (a skeleton named `loading`) or once it failed (the server's message under
 * the title `failed`, with a retry); nothing once it has its data.
 */
export function QueryState({
  query,
  loading,
  failed,
}: {
  query: { isLoading: boolean; isError: boolean; error: unknown; refetch?: () => unknown };
  loading: string;
  failed: string;
}) {
  if (query.isLoading) return <LoadingSkeleton label={loading} />;
  if (query.isError) {
    const { refetch } = query;
    return (
      <LoadFailed
        title={failed}
        message={errorMessage(query.error)}
        onRetry={refetch ? () => void refetch() : undefined}
      />
    );
  }
  return null;
}
