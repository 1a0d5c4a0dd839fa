import { Text } from '@mantine/core';

/**
 * A short message beside a small control (a drop zone, a popover's form), as a line of text rather
 * than an alert box: an error in red, announced at once; a notice in blue, announced politely.
 */
export function InlineMessage({
  message,
  tone = 'error',
}: {
  message: string | null | undefined;
  tone?: 'error' | 'notice';
}) {
  if (!message) return null;
  return (
    <Text size="sm" c={tone === 'error' ? 'red' : 'blue'} role={tone === 'error' ? 'alert' : 'status'}>
      {message}
    </Text>
  );
}
