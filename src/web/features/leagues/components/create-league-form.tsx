import { Alert, Button, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CreateLeagueRequestSchema, LEAGUE_MESSAGES } from '../../../../core/contracts/leagues';
import { serverMessageOr, useCreateLeague } from '../api/leagues';

const FIELDS = ['name', 'abb', 'desc', 'logo'] as const;
type Field = (typeof FIELDS)[number];

/**
 * Create a League with the contract's own rules: errors once a field is touched; private by default.
 * On its own page it goes to the new league; inline (pool creation) `onCreated` receives the league instead.
 */
export function CreateLeagueForm({
  onCreated,
}: {
  onCreated?: (league: { id: number; abb: string }) => void;
}) {
  const navigate = useNavigate();
  const create = useCreateLeague();
  const [values, setValues] = useState<Record<Field, string>>({ name: '', abb: '', desc: '', logo: '' });
  const [joinable, setJoinable] = useState(false);
  const [hidden, setHidden] = useState(false);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});

  const request = { ...values, joinable, hidden: joinable ? false : hidden };
  const parsed = CreateLeagueRequestSchema.safeParse(request);
  const errors: Partial<Record<Field, string>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[issue.path[0] as Field] ??= issue.message;
  }
  const bind = (field: Field) => ({
    value: values[field],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = event.currentTarget.value;
      setValues((v) => ({ ...v, [field]: value }));
    },
    onBlur: () => setTouched((t) => ({ ...t, [field]: true })),
    error: touched[field] ? errors[field] : undefined,
  });
  const disabled = !parsed.success || !values.name.trim() || !values.abb.trim();

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!parsed.success) return;
        create.mutate(parsed.data, {
          onSuccess: (answer) =>
            onCreated ? onCreated(answer.league) : navigate(`/league/${answer.league.abb}`),
        });
      }}
    >
      <Stack maw={560}>
        {create.isError && (
          <Alert color="red" role="alert" title="Could not create the league">
            {serverMessageOr(create.error, LEAGUE_MESSAGES.createFailed)}
          </Alert>
        )}
        <TextInput label="League name" required maxLength={60} {...bind('name')} />
        <TextInput
          label="Abbreviation"
          description="Up to 5 letters or digits; it becomes the league's address."
          required
          {...bind('abb')}
        />
        <Textarea label="Description" autosize minRows={2} {...bind('desc')} />
        <TextInput label="Logo URL" placeholder="https://" {...bind('logo')} />
        <Switch
          label="Open for Public Entry"
          description={
            joinable
              ? 'Anyone can join this league.'
              : 'Private: new members must be approved by the commissioner.'
          }
          checked={joinable}
          onChange={(event) => setJoinable(event.currentTarget.checked)}
        />
        {!joinable && (
          <Switch
            label="Hide this league"
            description="Hidden leagues are invisible to non-members and excluded from global leaderboards."
            checked={hidden}
            onChange={(event) => setHidden(event.currentTarget.checked)}
          />
        )}
        <Text size="sm" c="dark.4">
          You will be the commissioner of this league.
        </Text>
        <Button type="submit" disabled={disabled} loading={create.isPending} w={{ base: '100%', sm: 'auto' }}>
          CREATE LEAGUE
        </Button>
      </Stack>
    </form>
  );
}
