import type { AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { AppLink } from '../../components/AppLink';

export const proofPath = (id: number) => `/admin/proofs/${id}`;

/** A link to one proof's page. */
export function ProofLink({
  id,
  children,
  ...props
}: { id: number; children: ReactNode } & Omit<AnchorProps, 'children'>) {
  return (
    <AppLink href={proofPath(id)} {...props}>
      {children}
    </AppLink>
  );
}
