import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** The reason a form was refused when it names no field; announced to screen readers. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" variant="light">
      {message}
    </Alert>
  );
}
