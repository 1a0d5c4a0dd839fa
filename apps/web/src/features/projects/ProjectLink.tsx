import { Anchor, type AnchorProps } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';

export const projectPath = (id: number) => `/admin/projects/${id}`;

/**
 * A link to one project's page (Project Records › its name): a real href (new tab, copy link) that
 * navigates inside the app on a plain click.
 */
export function ProjectLink({
  id,
  children,
  ...props
}: { id: number; children: ReactNode } & Omit<AnchorProps, 'children'>) {
  const navigate = useNavigate();
  const href = projectPath(id);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    if (event.altKey) return;
    event.preventDefault();
    void navigate({ href });
  };
  return (
    <Anchor href={href} onClick={onClick} size="sm" {...props}>
      {children}
    </Anchor>
  );
}
