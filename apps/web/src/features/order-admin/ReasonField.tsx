import { Textarea, type TextareaProps } from '@mantine/core';

/** Every plant-side action says why: the reason goes on the order's timeline and in the audit log. */
export function ReasonField(props: TextareaProps) {
  return <Textarea label="Reason" required rows={3} resize="vertical" maxLength={500} {...props} />;
}
