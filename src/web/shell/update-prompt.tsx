/**
 * The service worker's registration and the new-version prompt (docs/decisions/041-installable-app.md),
 * loaded by app-updates.tsx once the page has loaded and the browser is idle: none of it is in the start-up
 * code.
 */
import { Button, CloseButton, Group, Paper, Text } from '@mantine/core';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { SKIP_WAITING } from '../lib/service-worker-rules';

/** How long an open app waits, at least, between asking the server for a new version as it comes back to view. */
const UPDATE_CHECK_EVERY_MS = 60 * 60 * 1000;

// The new worker waiting to take over: outside React, so that the app drawn again (main.tsx draws it anew in
// the viewer's own zone) still offers it.
let waitingWorker: ServiceWorker | null = null;
const listeners = new Set<() => void>();
const setWaitingWorker = (worker: ServiceWorker) => {
  waitingWorker = worker;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

let registered = false;

/** Registers the worker (once a page) and shows the prompt while a new version waits. */
export default function UpdatePrompt() {
  const waiting = useSyncExternalStore(
    subscribe,
    () => waitingWorker,
    () => null,
  );
  const [dismissed, setDismissed] = useState<ServiceWorker | null>(null);
  useEffect(() => {
    if (registered) return;
    registered = true;
    void registerWorker();
  }, []);
  if (!waiting || waiting === dismissed) return null;
  return <Prompt onReload={() => takeNewVersion(waiting)} onDismiss={() => setDismissed(waiting)} />;
}

async function registerWorker() {
  // Refused (a private window, a locked-down browser): the app works as it did without.
  const registration = await navigator.serviceWorker
    .register('/sw.js', { scope: '/' })
    .catch(() => undefined);
  if (!registration) return;
  // Only an update waits: the first worker of a browser takes over at once, with nothing to replace.
  const offer = (worker: ServiceWorker) => {
    if (navigator.serviceWorker.controller) setWaitingWorker(worker);
  };
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer(installing);
    });
  });
  // The browser looks for a new worker as pages open; an installed app left open for days opens none.
  let checked = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || Date.now() - checked < UPDATE_CHECK_EVERY_MS) return;
    checked = Date.now();
    registration.update().catch(() => undefined);
  });
}

/** The player asked: the waiting worker takes over, and the page reloads under it. */
function takeNewVersion(worker: ServiceWorker) {
  // Another tab let it take over already (this one only saw its controller change): a reload is all.
  if (worker.state !== 'installed') {
    window.location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  worker.postMessage({ type: SKIP_WAITING });
}

/** A small banner at the bottom: never a reload by itself, so nothing the player is doing is lost. */
function Prompt({ onReload, onDismiss }: { onReload: () => void; onDismiss: () => void }) {
  return (
    <Paper
      role="status"
      aria-label="App update"
      withBorder
      shadow="md"
      p="xs"
      pl="md"
      pos="fixed"
      bottom={16}
      left="50%"
      w="calc(100% - 32px)"
      maw={420}
      // Above the header and sidebar, under dialogs and drawers.
      style={{ transform: 'translateX(-50%)', zIndex: 150 }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={600}>
          New version available
        </Text>
        <Group gap={4} wrap="nowrap">
          <Button size="xs" onClick={onReload}>
            Reload
          </Button>
          <CloseButton aria-label="Not now" onClick={onDismiss} />
        </Group>
      </Group>
    </Paper>
  );
}
