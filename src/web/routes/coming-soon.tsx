import { Alert } from '@mantine/core';
import { Page } from '../components/page';

/** Stands for a screen that a later release builds; says so rather than pretending. */
export function ComingSoon({ title, message }: { title: string; message?: string }) {
  return (
    <Page title={title}>
      <Alert color="blue">{message ?? 'This page is coming soon.'}</Alert>
    </Page>
  );
}
