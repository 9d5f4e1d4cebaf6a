import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Page } from '../components/page';

export default function NotFoundPage() {
  return (
    <Page title="Page not found">
      <Text>There is nothing at this address. It may have moved, or the link may be mistyped.</Text>
      <Anchor component={Link} to="/">
        Back to the home page
      </Anchor>
    </Page>
  );
}
