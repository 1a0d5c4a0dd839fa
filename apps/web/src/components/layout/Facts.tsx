import { SimpleGrid, type SimpleGridProps, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A record's facts as a description list laid out in columns (an order's copies, an account's code…). */
export function FactGrid(props: Omit<SimpleGridProps, 'component'> & { children: ReactNode }) {
  return <SimpleGrid spacing="sm" m={0} {...props} component="dl" />;
}

/** One fact of a `FactGrid`: its label above its value. */
export function Fact({ label, children, tour }: { label: string; children: ReactNode; tour?: string }) {
  return (
    <div data-tour={tour}>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0}>
        {children}
      </Text>
    </div>
  );
}
