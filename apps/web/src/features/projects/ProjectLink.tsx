import type { AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { AppLink } from '../../components/AppLink';

export const projectPath = (id: number) => `/admin/projects/${id}`;

/** A link to one project's page (Project Records › its name). */
export function ProjectLink({
  id,
  children,
  ...props
}: { id: number; children: ReactNode } & Omit<AnchorProps, 'children'>) {
  return (
    <AppLink href={projectPath(id)} {...props}>
      {children}
    </AppLink>
  );
}
