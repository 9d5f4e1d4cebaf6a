import { Page } from '../components/page';
import { useCurrentUser } from '../features/auth/api/session';
import { ChangelogList } from '../features/changelog/components/changelog-list';

export default function ChangelogPage() {
  const { user, isLoading } = useCurrentUser();
  return (
    <Page title="Changelog" subtitle="What's new on ALA Survivor" size="md">
      {!isLoading && <ChangelogList loggedIn={Boolean(user)} />}
    </Page>
  );
}
