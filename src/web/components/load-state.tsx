import { Alert, Box, Button, Stack } from '@mantine/core';
import { Component, type ReactNode, Suspense } from 'react';

/**
 * The app's one way of showing a page, tab or tool that is not ready: a skeleton while it loads, and a
 * failure in words with a retry. `loadBoundary` wraps code that loads (lazy pages, tabs and tools) and
 * catches what fails to render; `QueryState` (query-state.tsx) does the same for a query's answer.
 */

/**
 * Grey lines where the content will be, announced to screen readers as `label`. Plain boxes rather than
 * Mantine's Skeleton: every page's start-up code carries this.
 */
export function LoadingSkeleton({ label }: { label: string }) {
  const line = { bg: 'gray.2', h: 14 };
  return (
    <Stack gap="sm" py="md" role="status" aria-label={label}>
      <Box {...line} h={28} w="40%" />
      <Box {...line} />
      <Box {...line} w="70%" />
    </Stack>
  );
}

/** A failure in a red alert: what failed as its title, the reason, and a button to try again. */
export function LoadFailed({
  title,
  message,
  onRetry,
}: {
  title: string;
  message: string;
  onRetry?: () => void;
}) {
  return (
    <Alert color="red" role="alert" title={title}>
      {message}
      {onRetry && (
        <Button display="block" mt="xs" size="xs" variant="default" onClick={onRetry}>
          Try again
        </Button>
      )}
    </Alert>
  );
}

/** A lazy module that did not arrive (a lost connection, or a release that replaced the file). */
function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && /imported module|module script/i.test(error.message);
}

interface BoundaryProps {
  /** The skeleton's name while the code loads ("Loading page"). */
  loading: string;
  /** The alert's title when it fails ("Could not show this page"). */
  failed: string;
  /** A new value (the page's address) clears a failure, where the boundary stays as the app navigates. */
  resetKey?: string;
  children: ReactNode;
}

/**
 * Code that loads (a lazy page, tab or tool) behind a skeleton, and whatever fails while rendering it behind
 * a clear message with a retry instead of a blank page. A module that did not arrive is asked for again by
 * reloading the page: React keeps a failed lazy import failed. `key` is what the boundary shows (a tab or
 * tool), so that moving on starts afresh.
 *
 * Called as a function, so that the Suspense boundary is the very element its caller draws: with a
 * component of ours between the caller and the boundary, React drew a tab's server HTML again instead of
 * hydrating it in place (e2e/server-render.e2e.ts holds this).
 */
export function loadBoundary({ key, loading, failed, resetKey, children }: BoundaryProps & { key?: string }) {
  return (
    <Suspense key={key} fallback={<LoadingSkeleton label={loading} />}>
      <FailureBoundary failed={failed} resetKey={resetKey}>
        {children}
      </FailureBoundary>
    </Suspense>
  );
}

/** Whatever fails while rendering its children, as a clear message with a retry. */
class FailureBoundary extends Component<Omit<BoundaryProps, 'loading'>, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  retry = () => {
    if (isChunkLoadError(this.state.error)) window.location.reload();
    else this.setState({ error: null });
  };

  override componentDidUpdate(previous: Omit<BoundaryProps, 'loading'>) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const message = isChunkLoadError(error)
      ? 'Check your connection and try again.'
      : 'Something went wrong on our side. Please try again.';
    return <LoadFailed title={this.props.failed} message={message} onRetry={this.retry} />;
  }
}
