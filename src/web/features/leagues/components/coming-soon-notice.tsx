import { Alert } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';

/** Says plainly that a screen arrives in a later release. */
export function ComingSoonNotice({ what }: { what: string }) {
  return (
    <Alert color="blue" title="Coming soon" icon={<IconTools size={18} aria-hidden />}>
      {what} is coming soon. Check back here as the next season draws closer.
    </Alert>
  );
}
