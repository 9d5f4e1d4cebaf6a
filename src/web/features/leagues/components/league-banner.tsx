import { Avatar, Box, Group, Text, Title } from '@mantine/core';
import { IconShieldHalfFilled } from '@tabler/icons-react';

/** The coloured banner that marks a league page. */
export function LeagueBanner({ name, logo, abb }: { name: string; logo: string | null; abb: string }) {
  return (
    <Box bg="navy.9" c="white" p="md" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
      <Group gap="md" wrap="nowrap">
        <Avatar src={logo} alt="" size="lg" radius="md" color="yellow" variant="filled">
          <IconShieldHalfFilled size={28} aria-hidden />
        </Avatar>
        <div style={{ minWidth: 0 }}>
          <Title order={1} fz={{ base: 22, sm: 30 }} c="white">
            {name}
          </Title>
          <Text size="sm" c="navy.1">
            League · {abb.toUpperCase()}
          </Text>
        </div>
      </Group>
    </Box>
  );
}
