import { Alert, Button, Checkbox, Group, List, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import type { LeaguePoolRow } from '../../../../core/contracts/leagues';
import { errorMessage } from '../../../lib/api';
import { formatDate, formatDollars } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useSignUp } from '../api/sign-up';

/** The SIGN UP! confirmation: what the entry costs, with the pool's optional bonus pool and insurance. */
export function SignUpModal({ pool, onClose }: { pool: LeaguePoolRow; onClose: () => void }) {
  const signUp = useSignUp();
  const teamGame = pool.game !== 'nfl-td';
  const offersBonus = teamGame && pool.bonus_active;
  const offersInsurance = teamGame && pool.insurance_option > 0;
  const [bonus, setBonus] = useState(false);
  const [insured, setInsured] = useState(false);
  return (
    <Modal opened onClose={onClose} title={`Sign up for ${pool.pool_name} ${pool.season}`} centered>
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
            label={`Insure my picks for ${formatDollars(pool.insurance)} (${pool.insurance_option === 1 ? 'most popular pick' : 'random pick'} when I miss a week)`}
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
                { pool_id: pool.id, bonus, insurance_purchased: insured },
                {
                  onSuccess: (data) => {
                    notify({ title: 'Signed up', message: data.message });
                    onClose();
                  },
                },
              )
            }
          >
            CONFIRM SIGN UP
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
