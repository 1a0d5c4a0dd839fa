import { Button, type ButtonProps, Tooltip } from '@mantine/core';
import type { MouseEvent, ReactNode } from 'react';
import { type ChangeMethod, useMethodRefusal } from '../../lib/access';

/**
 * A button whose action sends `method`: when the session may not (impersonating without privilege,
 * part 6) it is disabled and its tooltip says why (issue 9). It stays focusable and hoverable
 * (aria-disabled rather than disabled), so the reason can be read with a mouse or a keyboard.
 */
export function ChangeButton({
  method,
  onClick,
  children,
  ...props
}: ButtonProps & {
  method: ChangeMethod;
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
  type?: 'button' | 'submit';
  children?: ReactNode;
}) {
  const refusal = useMethodRefusal(method);
  if (!refusal) {
    return (
      <Button {...props} onClick={onClick}>
        {children}
      </Button>
    );
  }
  return (
    <Tooltip label={refusal}>
      <Button {...props} data-disabled aria-disabled onClick={(event) => event.preventDefault()}>
        {children}
      </Button>
    </Tooltip>
  );
}
