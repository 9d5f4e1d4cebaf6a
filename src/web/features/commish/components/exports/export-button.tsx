import { Button, type ButtonProps } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../../lib/api';
import { notify } from '../../../../lib/notify';
import { downloadExport } from '../../api/exports';

/**
 * A CSV export's download: a real link (its address shows, and a middle click still saves it), fetched on a
 * click so that a refused or failed export says why in a red toast instead of opening the server's JSON.
 */
export function ExportButton({
  href,
  fileName,
  children,
  ...props
}: { href: string; fileName: string; children: React.ReactNode } & ButtonProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      component="a"
      href={href}
      download={fileName}
      variant="light"
      size="xs"
      leftSection={<IconDownload size={14} aria-hidden />}
      loading={busy}
      onClick={(event: React.MouseEvent<HTMLAnchorElement>) => {
        event.preventDefault();
        if (busy) return;
        setBusy(true);
        downloadExport(href, fileName)
          .catch((error) =>
            notify({
              title: 'The export failed',
              message: errorMessage(error),
              color: 'red',
              autoClose: 8000,
            }),
          )
          .finally(() => setBusy(false));
      }}
      {...props}
    >
      {children}
    </Button>
  );
}
