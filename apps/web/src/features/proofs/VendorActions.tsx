import {
  type Proof,
  type ProofAutomationSend,
  type ProofSoftwareResult,
  proofSoftwareCancelBodySchema,
  proofSoftwareRejectBodySchema,
  proofVendorOperations,
} from '@colophon/contract';
import {
  type ProofAutomationCode,
  type ProofSoftwareCall,
  proofAutomation,
  proofSoftwareCall,
  proofStatus,
  softwareSlug,
  softwareType,
} from '@colophon/domain';
import { Button, Group, Menu, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconArrowBackUp, IconChevronDown, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { z } from 'zod';
import { useConfirmedAction } from '../../components/feedback/useConfirmedAction';
import { FormError } from '../../components/form/FormError';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { userCan } from '../../lib/access';
// Aliased: a turn-back button's `call` is the software call it makes (cancel or reject).
import { call as callOperation } from '../../lib/call';
import { useInvalidatingMutation } from '../../lib/resource';
import { useSession } from '../../lib/session';

/** Every proof query starts with this key: a proof changed by a call here is read again everywhere. */
const PROOF_QUERIES = [['proofs']] as const;

export interface VendorActionsProps {
  proof: Proof;
  /** The software the proof's book is built with (the project's, else its account's). */
  typeSoftware: number | null;
}

/**
 * The proof calls that reach outside systems, for the proof page: turn the proof back in the
 * software it was made in (cancel or reject, as that software takes it; `proofs.approve`, while the
 * proof needs review) and send it to an automation service (`proofs.internal`). Nothing is shown to
 * someone who may do neither.
 */
export function VendorActions({ proof, typeSoftware }: VendorActionsProps) {
  const user = useSession()?.user;
  const call = proofSoftwareCall(typeSoftware);
  const mayTurnBack =
    call !== null &&
    typeSoftware !== null &&
    proof.status === proofStatus.NeedsReview &&
    userCan(user, 'proofs.approve');
  const maySend = userCan(user, 'proofs.internal');
  if (!mayTurnBack && !maySend) return null;
  return (
    <Group gap="sm">
      {mayTurnBack ? <TurnBackButton proof={proof} software={typeSoftware} call={call} /> : null}
      {maySend ? <AutomationMenu proof={proof} /> : null}
    </Group>
  );
}

/** The reject form: an optional reason (left out when empty), the body of `proofs/{software}/reject`. */
const rejectFormSchema = z
  .object({ reason: z.string() })
  .transform(({ reason }) => (reason.trim() ? { reason } : {}))
  .pipe(proofSoftwareRejectBodySchema.omit({ id: true }));

function TurnBackButton({ proof, software, call }: { proof: Proof; software: number; call: ProofSoftwareCall }) {
  const [opened, setOpened] = useState(false);
  const label = softwareType.label(software);
  const slug = softwareSlug(software);
  const turnBack = useInvalidatingMutation<ProofSoftwareResult, { reason?: string | undefined }>(PROOF_QUERIES, {
    mutationFn: ({ reason }) =>
      call === 'cancel'
        ? callOperation(proofVendorOperations.cancelInSoftware, {
            params: { software: slug, id: proof.id },
            body: { reason: reason ?? '' },
          })
        : callOperation(proofVendorOperations.rejectInSoftware, {
            params: { software: slug },
            body: { id: proof.id, ...(reason ? { reason } : {}) },
          }),
  });
  const done = call === 'cancel' ? 'cancelled' : 'rejected';
  const { form, onSubmit, submitting, formError, setFormError } = useSchemaForm({
    schema: call === 'cancel' ? proofSoftwareCancelBodySchema : rejectFormSchema,
    initialValues: { reason: '' },
    submit: (body: { reason?: string | undefined }) => turnBack.mutateAsync(body),
    successMessage: `The proof was ${done} in ${label}; the book is open for edits.`,
    onSuccess: () => setOpened(false),
  });
  const close = () => {
    setOpened(false);
    setFormError(null);
    form.reset();
  };
  const title = call === 'cancel' ? `Cancel in ${label}` : `Reject in ${label}`;
  return (
    <>
      <Button
        variant="default"
        color="red"
        leftSection={<IconArrowBackUp size={16} />}
        onClick={() => setOpened(true)}
        title={title}
      >
        {call === 'cancel' ? 'Cancel in software' : 'Reject in software'}
      </Button>
      <Modal opened={opened} onClose={close} title={title} centered>
        <form onSubmit={onSubmit} noValidate aria-label={title}>
          <Stack gap="md">
            <Text size="sm">
              {label} is told that round {proof.roundNumber} of {proof.projectName} is {done}. The proof is then
              rejected here too and the book opens for edits until the next upload.
            </Text>
            <FormError message={formError} />
            <Textarea
              label="Reason"
              description={call === 'cancel' ? undefined : 'Optional'}
              required={call === 'cancel'}
              rows={4}
              data-autofocus
              {...form.getInputProps('reason')}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                Keep the proof
              </Button>
              <Button type="submit" color="red" loading={submitting}>
                {title}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

function AutomationMenu({ proof }: { proof: Proof }) {
  const send = useInvalidatingMutation<ProofAutomationSend, ProofAutomationCode>(PROOF_QUERIES, {
    mutationFn: (automation) =>
      callOperation(proofVendorOperations.sendToAutomation, { params: { automation }, body: { id: proof.id } }),
  });
  const sending = useConfirmedAction<ProofAutomationCode>({
    title: (chosen) => `Send to ${proofAutomation.label(chosen)}`,
    confirmLabel: 'Send',
    color: 'blue',
    message: (chosen) =>
      `Round ${proof.roundNumber} of ${proof.projectName} is sent to ${proofAutomation.label(chosen)}.`,
    run: (chosen) => send.mutateAsync(chosen),
    done: (chosen) => ({ title: 'Sent', message: `The proof was sent to ${proofAutomation.label(chosen)}.` }),
    failed: (chosen) => `Not sent to ${proofAutomation.label(chosen)}`,
  });
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" leftSection={<IconSend size={16} />} rightSection={<IconChevronDown size={14} />}>
            Send to automation
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {proofAutomation.entries.map((entry) => (
            <Menu.Item key={entry.code} onClick={() => sending.ask(entry.code)}>
              {entry.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {sending.dialog}
    </>
  );
}
