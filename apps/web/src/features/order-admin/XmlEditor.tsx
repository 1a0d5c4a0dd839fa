import { getOrderXml, type OrderXml, putOrderXml } from '@colophon/contract';
import { formatDateTime } from '@colophon/domain';
import { Badge, Box, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryState } from '../../components/feedback/QueryState';
import { FormError } from '../../components/form/FormError';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { call } from '../../lib/call';
import { useInvalidatingMutation } from '../../lib/resource';
import { useSession } from '../../lib/session';
import { ORDER_QUERIES, ordersResource } from './api';
import { collapseUnchanged, type DiffLine, hasChanges, lineDiff, type SkippedLines } from './lineDiff';
import { ReasonField } from './ReasonField';

const SOURCE_LABEL: Record<OrderXml['source'], string> = {
  edited: 'edited by hand',
  built: 'built from the order',
};

/** The order's job ticket, loaded once per version: a refetch while someone edits must not wipe the edit. */
export function XmlEditor({ orderId }: { orderId: number }) {
  const ticket = useQuery({
    queryKey: [...ordersResource.keys.detail(orderId), 'xml'],
    queryFn: ({ signal }) => call(getOrderXml, { params: { id: orderId } }, signal),
    refetchOnWindowFocus: false,
  });
  return (
    <QueryState query={ticket} loadingLabel="Loading the job ticket…" errorTitle="Could not load the job ticket">
      {(loaded) => <TicketForm key={`${loaded.source}:${loaded.updatedAt ?? ''}`} orderId={orderId} loaded={loaded} />}
    </QueryState>
  );
}

type TicketBody = { xml: string; reason: string };

/**
 * Edit → "Review changes" (the line diff against the loaded ticket) → "Save ticket" with a reason.
 * The API checks the ticket against its schema: a refusal names the element, is shown above the
 * editor, and the edited text stays as it was typed.
 */
function TicketForm({ orderId, loaded }: { orderId: number; loaded: OrderXml }) {
  const zone = useSession()?.user.timezone;
  const [reviewing, setReviewing] = useState(false);
  const save = useInvalidatingMutation<OrderXml, TicketBody>(ORDER_QUERIES, {
    mutationFn: (body) => call(putOrderXml, { params: { id: orderId }, body }),
  });
  const { form, onSubmit, submitting, formError } = useSchemaForm({
    schema: putOrderXml.body,
    initialValues: { xml: loaded.xml, reason: '' },
    method: 'PUT',
    submit: async (body: TicketBody) => {
      try {
        return await save.mutateAsync(body);
      } catch (error) {
        // The refusal is about the text: back to the editor, where it is shown.
        setReviewing(false);
        throw error;
      }
    },
    successMessage: 'The job ticket is saved.',
  });
  const xmlError = form.errors.xml;
  const refusal = formError ?? (typeof xmlError === 'string' ? xmlError : null);
  const diff = lineDiff(loaded.xml, form.getValues().xml);
  const changed = hasChanges(diff);

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Job ticket">
      <Stack gap="sm">
        <Group gap="xs">
          <Text size="sm">Job ticket</Text>
          <Badge variant="light" color={loaded.source === 'edited' ? 'orange' : 'gray'}>
            {SOURCE_LABEL[loaded.source]}
          </Badge>
          {loaded.updatedAt ? (
            <Text size="xs" c="dimmed">
              saved {formatDateTime(loaded.updatedAt, zone)}
            </Text>
          ) : null}
        </Group>
        <FormError message={refusal} />
        {reviewing ? (
          <>
            <TicketDiff lines={diff} />
            <ReasonField {...form.getInputProps('reason')} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setReviewing(false)}>
                Back to editing
              </Button>
              <Button type="submit" loading={submitting} disabled={!changed}>
                Save ticket
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Textarea
              label="Ticket XML"
              rows={18}
              resize="vertical"
              spellCheck={false}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
              {...form.getInputProps('xml')}
              // The message is shown above the editor; the field is only marked.
              error={Boolean(xmlError)}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" disabled={!changed} onClick={() => form.setFieldValue('xml', loaded.xml)}>
                Undo changes
              </Button>
              <Button onClick={() => setReviewing(true)} disabled={!changed}>
                Review changes
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </form>
  );
}

const MARK: Record<DiffLine['kind'], string> = { same: ' ', added: '+', removed: '-' };
const BACKGROUND: Record<DiffLine['kind'], string | undefined> = {
  same: undefined,
  added: 'var(--mantine-color-green-light)',
  removed: 'var(--mantine-color-red-light)',
};

/** The review: added lines green, removed red, unchanged runs collapsed to a count. */
export function TicketDiff({ lines }: { lines: readonly DiffLine[] }) {
  const added = lines.filter((line) => line.kind === 'added').length;
  const removed = lines.filter((line) => line.kind === 'removed').length;
  const shown = collapseUnchanged(lines);
  return (
    <Stack gap={4}>
      <Text size="sm" aria-live="polite">
        {added === 0 && removed === 0
          ? 'No changes'
          : `${added} ${added === 1 ? 'line' : 'lines'} added, ${removed} removed`}
      </Text>
      <Box
        role="region"
        aria-label="Changes to the job ticket"
        ff="monospace"
        fz={12}
        style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4, overflowX: 'auto' }}
      >
        {shown.map((line, index) => (
          <DiffRow key={rowKey(line, index)} line={line} />
        ))}
      </Box>
    </Stack>
  );
}

const rowKey = (line: DiffLine | SkippedLines, index: number) =>
  line.kind === 'skipped' ? `skip-${index}` : `${line.kind}-${line.before ?? ''}-${line.after ?? ''}`;

function DiffRow({ line }: { line: DiffLine | SkippedLines }) {
  if (line.kind === 'skipped') {
    return (
      <Text size="xs" c="dimmed" px="xs" py={2} data-diff="skipped">
        ⋯ {line.count} unchanged {line.count === 1 ? 'line' : 'lines'}
      </Text>
    );
  }
  return (
    <Box
      data-diff={line.kind}
      px="xs"
      style={{ background: BACKGROUND[line.kind], whiteSpace: 'pre' }}
      aria-label={line.kind === 'same' ? undefined : `${line.kind === 'added' ? 'Added' : 'Removed'}: ${line.text}`}
    >
      {MARK[line.kind]} {line.text}
    </Box>
  );
}
