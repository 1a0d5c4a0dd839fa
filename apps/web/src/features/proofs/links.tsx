import { Anchor, type AnchorProps, Button, type ButtonProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';

const AnchorBase = forwardRef<HTMLAnchorElement, AnchorProps & ComponentPropsWithoutRef<'a'>>((props, ref) => (
  <Anchor component="a" ref={ref} {...props} />
));
const ButtonBase = forwardRef<HTMLAnchorElement, ButtonProps & ComponentPropsWithoutRef<'a'>>((props, ref) => (
  <Button component="a" ref={ref} {...props} />
));

/** Mantine's anchor and button as typed router links (real hrefs: keyboard, new tab, copy link). */
export const AnchorLink = createLink(AnchorBase);
export const ButtonLink = createLink(ButtonBase);
