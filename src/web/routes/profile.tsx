import { Loader, Text } from '@mantine/core';
import { Page } from '../components/page';
import { useCurrentUser } from '../features/auth/api/session';
import { ProfileView } from '../features/profile/components/profile-view';

export default function ProfilePage() {
  const { user, isLoading } = useCurrentUser();
  return (
    <Page title="Profile">
      {isLoading ? (
        <Loader aria-label="Loading" />
      ) : user ? (
        <ProfileView user={user} />
      ) : (
        <Text>You are not logged in!</Text>
      )}
    </Page>
  );
}
