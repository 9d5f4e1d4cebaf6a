import { Button } from '@mantine/core';
import { Link } from 'react-router';
import type { PickButton } from '../../../../../core/picks';
import { notify } from '../../../../lib/notify';

/** Where a button that cannot pick sends the player: the pool home holds login, sign-up and rebuy. */
export interface PickButtonHandlers {
  poolPath: string;
  /** Opens the login modal; without it LOGIN TO PICK leads to the pool home's login box. */
  onLogin?: () => void;
  onPick: (action: 'confirm' | 'cancel') => void;
}

/** One team's or player's pick button, drawn from getPickButton's state. */
export function PickButtonView({
  button,
  compact = false,
  tight = false,
  handlers,
  fullWidth = false,
}: {
  button: PickButton;
  compact?: boolean;
  /** The short label shown in a wide table's narrow column, the whole one still its name ("CANCEL SELECTION"). */
  tight?: boolean;
  handlers: PickButtonHandlers;
  fullWidth?: boolean;
}) {
  const label = compact || tight ? button.shortLabel : button.label;
  const common = { size: 'compact-xs', fw: 700, fullWidth, miw: 96 } as const;
  switch (button.action) {
    case 'login':
      if (handlers.onLogin) {
        return (
          <Button {...common} variant="outline" onClick={handlers.onLogin}>
            {label}
          </Button>
        );
      }
      return (
        <Button {...common} variant="outline" component={Link} to={handlers.poolPath}>
          {label}
        </Button>
      );
    case 'register':
      return (
        <Button {...common} variant="outline" component={Link} to="/register">
          {label}
        </Button>
      );
    case 'join':
    case 'rebuy':
      return (
        <Button {...common} variant="outline" component={Link} to={handlers.poolPath}>
          {label}
        </Button>
      );
    case 'confirm':
      return (
        <Button {...common} onClick={() => handlers.onPick('confirm')}>
          {label}
        </Button>
      );
    case 'cancel':
      return (
        <Button
          {...common}
          color="red.8"
          aria-label={tight ? button.label : undefined}
          onClick={() => handlers.onPick('cancel')}
        >
          {label}
        </Button>
      );
    case 'alert':
      return (
        <Button
          {...common}
          variant="light"
          onClick={() =>
            notify({ title: 'Week is full', message: button.message ?? '', color: 'red', autoClose: 3000 })
          }
        >
          {label}
        </Button>
      );
    default:
      return (
        <Button {...common} variant="default" disabled title={button.message ?? undefined}>
          {label}
        </Button>
      );
  }
}
