import { Anchor, type AnchorProps } from '@mantine/core';
import type { MouseEvent, ReactNode } from 'react';
import { useHrefNavigation } from '../shell/useHrefNavigation';

/**
 * A link to a page of the app: a real href (new tab, copy link, keyboard) that navigates inside the
 * app on a plain click. It keeps the click to itself, so a clickable table row does not act twice.
 */
export function AppLink({
  href,
  children,
  ...props
}: { href: string; children: ReactNode } & Omit<AnchorProps, 'children'>) {
  const navigation = useHrefNavigation()(href);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.stopPropagation();
    navigation.onClick(event);
  };
  return (
    <Anchor href={href} onClick={onClick} size="sm" {...props}>
      {children}
    </Anchor>
  );
}
