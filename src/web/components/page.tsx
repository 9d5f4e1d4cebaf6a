import { Container, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';

/** A page's frame: sets the document title and gives one h1. */
export function Page({
  title,
  subtitle,
  children,
  size = 'lg',
}: {
  title: string;
  subtitle?: ReactNode;
  children?: ReactNode;
  size?: string;
}) {
  useEffect(() => {
    document.title = `${title} · ALA Survivor`;
  }, [title]);
  return (
    <Container size={size} px={0}>
      <Stack gap="md">
        <div>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {title}
          </Title>
          {subtitle && <Text c="dimmed">{subtitle}</Text>}
        </div>
        {children}
      </Stack>
    </Container>
  );
}
