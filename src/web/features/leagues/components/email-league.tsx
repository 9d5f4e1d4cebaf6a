import { EmailComposer } from '../../../components/rich-text/email-composer';
import { useEmailUsers } from '../api/leagues';

/** Commissioner: a rich-text e-mail to every member of the league. */
export default function EmailLeague({ leagueId }: { leagueId: number }) {
  const send = useEmailUsers();
  return (
    <EmailComposer
      send={(content) => send.mutateAsync({ ...content, umbrella: 'league', umbrellaId: leagueId })}
    />
  );
}
