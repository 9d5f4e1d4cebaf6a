import { Alert, Button, Checkbox, Group, Image, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  LEAGUE_MESSAGES,
  type LeagueView,
  UpdateLeagueRequestSchema,
} from '../../../../core/contracts/leagues';
import { notify } from '../../../lib/notify';
import { serverMessageOr, useUpdateLeague } from '../api/leagues';

const TEXT_FIELDS = ['name', 'abb', 'desc', 'logo'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
const INLINE_MS = 3000;
const TOAST_MS = 5000;

const PLACEHOLDER_LOGO = `data:image/svg+xml;utf8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="96" height="96" rx="12" fill="#d9e2f1"/><text x="48" y="56" font-size="14" text-anchor="middle" fill="#173f7a" font-family="sans-serif">No logo</text></svg>',
)}`;

const GAME_OPTIONS = [
  { value: 'nba', label: 'NBA' },
  { value: 'nfl', label: 'NFL TD' },
  { value: 'nfl-survivor', label: 'NFL Survivor' },
  { value: 'mlb', label: 'MLB' },
];

/** Commissioner: the league's name, abbreviation, description, logo, openness and hidden games. */
export function LeagueDetailsForm({ view }: { view: LeagueView }) {
  const navigate = useNavigate();
  const update = useUpdateLeague();
  const initial = view.league;
  // The server fills an empty description with the greeting; editing starts from the real (empty) one,
  // so that renaming the league does not store a greeting with the old name.
  const initialDesc = initial.desc === LEAGUE_MESSAGES.defaultDesc(initial.name) ? '' : initial.desc;
  const [values, setValues] = useState<Record<TextField, string>>({
    name: initial.name,
    abb: initial.abb,
    desc: initialDesc,
    logo: initial.logo ?? '',
  });
  const [joinable, setJoinable] = useState(initial.joinable);
  const [hidden, setHidden] = useState(initial.hidden);
  const [hiddenGames, setHiddenGames] = useState<string[]>(initial.hiddenGames);
  const [touched, setTouched] = useState<Partial<Record<TextField, boolean>>>({});
  const [inline, setInline] = useState<'ok' | 'error' | null>(null);
  useEffect(() => {
    if (!inline) return;
    const timer = setTimeout(() => setInline(null), INLINE_MS);
    return () => clearTimeout(timer);
  }, [inline]);

  const request = {
    leagueId: initial.id,
    ...values,
    joinable,
    hidden: joinable ? false : hidden,
    hiddenGames,
  };
  const parsed = UpdateLeagueRequestSchema.safeParse(request);
  const errors: Partial<Record<TextField, string>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[issue.path[0] as TextField] ??= issue.message;
  }
  const unchanged =
    values.name === initial.name &&
    values.abb === initial.abb &&
    values.desc === initialDesc &&
    values.logo === (initial.logo ?? '') &&
    joinable === initial.joinable &&
    (joinable ? false : hidden) === initial.hidden &&
    [...hiddenGames].sort().join() === [...initial.hiddenGames].sort().join();
  const bind = (field: TextField) => ({
    value: values[field],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = event.currentTarget.value;
      setValues((v) => ({ ...v, [field]: value }));
    },
    onBlur: () => setTouched((t) => ({ ...t, [field]: true })),
    error: touched[field] ? errors[field] : undefined,
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!parsed.success) {
          setTouched({ name: true, abb: true, desc: true, logo: true });
          return;
        }
        update.mutate(parsed.data, {
          onSuccess: (answer) => {
            setInline('ok');
            notify({
              title: LEAGUE_MESSAGES.updatedTitle,
              message: LEAGUE_MESSAGES.updatedBody,
              autoClose: TOAST_MS,
            });
            if (answer.league.abb !== initial.abb) navigate(`/league/${answer.league.abb}/commishtools`);
          },
          onError: (error) => {
            setInline('error');
            notify({
              title: LEAGUE_MESSAGES.updateFailedTitle,
              message: serverMessageOr(error, LEAGUE_MESSAGES.updateFailedBody),
              color: 'red',
              autoClose: TOAST_MS,
            });
          },
        });
      }}
    >
      <Stack maw={620}>
        <TextInput label="League name" required {...bind('name')} />
        <TextInput label="Abbreviation" required {...bind('abb')} />
        <Textarea
          label="Description"
          placeholder={LEAGUE_MESSAGES.defaultDesc(values.name.trim() || initial.name)}
          autosize
          minRows={2}
          {...bind('desc')}
        />
        <Group align="flex-end" wrap="nowrap">
          <TextInput label="Logo URL" placeholder="https://" style={{ flex: 1 }} {...bind('logo')} />
          <Image
            src={values.logo.trim() || null}
            fallbackSrc={PLACEHOLDER_LOGO}
            alt="Logo preview"
            w={64}
            h={64}
            fit="contain"
            radius="sm"
          />
        </Group>
        <Switch
          label="Open for Public Entry"
          description="Anyone can join without your approval."
          checked={joinable}
          onChange={(event) => {
            const on = event.currentTarget.checked;
            setJoinable(on);
            if (on) setHidden(false);
          }}
        />
        <Switch
          label="Hide this league"
          description="Hidden leagues are invisible to non-members. Only a private league can be hidden."
          checked={!joinable && hidden}
          disabled={joinable}
          onChange={(event) => setHidden(event.currentTarget.checked)}
        />
        <Checkbox.Group
          label="Hide these games from the league page"
          value={hiddenGames}
          onChange={setHiddenGames}
        >
          <Group mt={6}>
            {GAME_OPTIONS.map((game) => (
              <Checkbox key={game.value} value={game.value} label={game.label} />
            ))}
          </Group>
        </Checkbox.Group>
        {inline === 'ok' && <Alert color="green" role="status" title="League Updated Successfully" />}
        {inline === 'error' && (
          <Alert color="red" role="alert" title="Error Updating League">
            {serverMessageOr(update.error, LEAGUE_MESSAGES.updateFailedBody)}
          </Alert>
        )}
        <Button
          type="submit"
          disabled={unchanged || !parsed.success}
          loading={update.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          Save Changes
        </Button>
      </Stack>
    </form>
  );
}
