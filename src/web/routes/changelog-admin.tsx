import { Alert, Loader } from '@mantine/core';
import { Page } from '../components/page';
import { useCurrentUser } from '../features/auth/api/session';
import { ChangelogAdminForm } from '../features/changelog/components/changelog-admin-form';

export default function ChangelogAdminPage() {
  const { user, isLoading } = useCurrentUser();
  return (
    <Page title="Changelog Admin" size="md">
      {isLoading ? (
        <Loader aria-label="Loading" />
      ) : user?.siteAdmin ? (
        <ChangelogAdminForm author={user.username} />
      ) : (
        <Alert color="red" role="alert" title="Not allowed">
          Only site administrators can post changelog entries.
        </Alert>
      )}
    </Page>
  );
}
