import { Alert, Button, Checkbox, Group, List, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { INSURANCE_OPTION } from '../../../core/bonus/options';
import { hasBonusPool, picksPlayers } from '../../../core/games';
import { errorMessage } from '../../lib/api';
import { formatDate, formatDollars } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useSignUp } from './use-sign-up';

/** What the sign-up confirmation needs to know of a pool (the league page's rows and the pool page both have it). */
export interface SignUpPool {
  id: number;
  game: string;
  /** Display name, e.g. "NBA" or "Sunday Squad NBA #2". */
  name: string;
  season: number;
  buyin: number;
  lives: number;
  rebuys: number;
  rebuy_price: number;
  entry_deadline: string;
  /** The bonus pool is on and not disabled. */
  bonus_active: boolean;
  insurance: number;
  insurance_option: number;
}

/**
 * The SIGN UP! (or ADD ENTRY) confirmation: what the entry costs, with the pool's optional bonus pool and
 * insurance. Shared by the league page and the pool page.
 */
export function SignUpModal({
  pool,
  onClose,
  addEntry = false,
}: {
  pool: SignUpPool;
  onClose: () => void;
  addEntry?: boolean;
}) {
  const signUp = useSignUp();
  // NFL TD picks players: it offers neither insurance nor a bonus pool; NFL Survivor offers insurance only.
  const offersBonus = hasBonusPool(pool.game) && pool.bonus_active;
  const offersInsurance = !picksPlayers(pool.game) && pool.insurance_option > 0;
  const [bonus, setBonus] = useState(false);
  const [insured, setInsured] = useState(false);
  // One key per dialog: the server answers a repeat of this sign-up with the entry it made.
  const [requestKey] = useState(newRequestKey);
  const title = `${addEntry ? 'Add an entry to' : 'Sign up for'} ${pool.name} ${pool.season}`;
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <Stack>
        <List size="sm" spacing={4}>
          <List.Item>Buy-in: {formatDollars(pool.buyin)}</List.Item>
          <List.Item>
            Lives: {pool.lives}
            {pool.rebuys > 0 ? ` (rebuys ${formatDollars(pool.rebuy_price)} each)` : ''}
          </List.Item>
          <List.Item>Entry deadline: {formatDate(pool.entry_deadline, 'M/D/YY, h:mm A')}</List.Item>
        </List>
        {offersBonus && (
          <Checkbox
            label="Join the performance bonus pool"
            checked={bonus}
            onChange={(e) => setBonus(e.currentTarget.checked)}
          />
        )}
        {offersInsurance && (
          <Checkbox
            label={`Insure my picks for ${formatDollars(pool.insurance)} (${pool.insurance_option === INSURANCE_OPTION.mostPopular ? 'most popular pick' : 'random pick'} when I miss a week)`}
            checked={insured}
            onChange={(e) => setInsured(e.currentTarget.checked)}
          />
        )}
        {signUp.isError && (
          <Alert color="red" role="alert">
            {errorMessage(signUp.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            CANCEL
          </Button>
          <Button
            loading={signUp.isPending}
            onClick={() =>
              signUp.mutate(
                { pool_id: pool.id, bonus, insurance_purchased: insured, request_key: requestKey },
                {
                  onSuccess: (data) => {
                    notify({ title: addEntry ? 'Entry added' : 'Signed up', message: data.message });
                    onClose();
                  },
                },
              )
            }
          >
            {addEntry ? 'CONFIRM NEW ENTRY' : 'CONFIRM SIGN UP'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A random key of 32 hex digits (crypto.randomUUID needs a secure context; getRandomValues does not). */
function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
