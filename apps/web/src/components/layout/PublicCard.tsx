import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { TitledProps } from './Section';

/** The frame of a public page (sign-in, the shipping calculator): the product name, a heading and the content. */
export function PublicCard({ title, description, children, width = 420 }: TitledProps & { width?: number }) {
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={width}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Text fw={700} c="primary" size="sm">
              Colophon
            </Text>
            <Title order={1} size="h2">
              {title}
            </Title>
            {description ? (
              <Text c="dimmed" size="sm">
                {description}
              </Text>
            ) : null}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
