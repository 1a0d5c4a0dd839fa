import { Anchor, type AnchorProps } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';

export const proofPath = (id: number) => `/admin/proofs/${id}`;

/**
 * A link to one proof's page: a real href (new tab, copy link, keyboard) that navigates inside the
 * app on a plain click. It stops the click there, so a clickable table row does not act twice.
 */
export function ProofLink({
  id,
  children,
  ...props
}: { id: number; children: ReactNode } & Omit<AnchorProps, 'children'>) {
  const navigate = useNavigate();
  const href = proofPath(id);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.stopPropagation();
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
