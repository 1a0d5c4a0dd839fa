import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled block: its heading, an optional line under it, and what it holds. */
export interface TitledProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** A titled card of a page (the page's own title is the header's h1, so sections are h2). */
export function Section({ title, description, children }: TitledProps) {
  const id = `section-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
