import { type Proof, proofApproveBodySchema, proofRejectBodySchema } from '@colophon/contract';
import { proofProcessingStatus, proofStatus } from '@colophon/domain';
import { Alert, Button, Checkbox, Group, List, Modal, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconLockOpen, IconShoppingCart, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { z } from 'zod';
import { QueryState } from '../../components/feedback/QueryState';
import { FormError } from '../../components/form/FormError';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { PlaceOrderDrawer } from '../orders';
import { type ProofFinding, useFindings, useProofDecision } from './api';
import { AnchorLink } from './links';
import { severityOf } from './viewer/overlays';

/**
 * The approval form. With preflight errors the person must tick that they approve despite them, and
 * the body acknowledges each one by id (the API refuses an approval that does not).
 */
function approveFormSchema(errorIds: readonly number[]) {
  return z
    .object({
      // An empty note is no note.
      note: z
        .string()
        .transform((text) => text.trim() || undefined)
        .pipe(proofApproveBodySchema.shape.note),
      acknowledged: z.boolean(),
    })
    .refine((values) => errorIds.length === 0 || values.acknowledged, {
      path: ['acknowledged'],
      message: 'Confirm that you approve the proof despite its errors.',
    })
    .transform(({ note }) => ({
      ...(note === undefined ? {} : { note }),
      ...(errorIds.length > 0 ? { acknowledgedFindingIds: [...errorIds] } : {}),
    }));
}

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** The errors the person approves despite, each page a link that shows it in the flipbook. */
function PreflightErrors({
  proof,
  errors,
  onOpenPage,
}: {
  proof: Proof;
  errors: readonly ProofFinding[];
  onOpenPage: () => void;
}) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={`The preflight found ${plural(errors.length, 'error')}`}
    >
      <Stack gap={6}>
        <Text size="sm">A printed book keeps them: check each one before you approve.</Text>
        <List size="sm" spacing={4} aria-label="Preflight errors">
          {errors.map((finding) => (
            <List.Item key={finding.id}>
              {finding.page === null ? (
                <Text span size="sm" fw={600}>
                  Whole file
                </Text>
              ) : (
                <AnchorLink
                  to="/admin/proofs/$proofId"
                  params={{ proofId: proof.id }}
                  search={{ page: finding.page }}
                  size="sm"
                  fw={600}
                  onClick={onOpenPage}
                >
                  Page {finding.page}
                </AnchorLink>
              )}
              {`: ${finding.message}`}
            </List.Item>
          ))}
        </List>
      </Stack>
    </Alert>
  );
}

function ApproveForm({
  proof,
  errors,
  onClose,
}: {
  proof: Proof;
  errors: readonly ProofFinding[];
  onClose: () => void;
}) {
  const { approve } = useProofDecision(proof.id);
  const { form, onSubmit, submitting, formError } = useSchemaForm({
    schema: approveFormSchema(errors.map((finding) => finding.id)),
    initialValues: { note: '', acknowledged: false },
    submit: (body) => approve.mutateAsync(body),
    successMessage: (approved) =>
      approved.canOrder
        ? `Round ${proof.roundNumber} is approved: the book can be ordered.`
        : `Round ${proof.roundNumber} is approved.`,
    onSuccess: () => {
      form.reset();
      onClose();
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Approve proof">
      <Stack gap="md">
        <Text size="sm">
          {`Approve round ${proof.roundNumber} of ${proof.projectName} for print. After approval the book can be ordered by those who place orders.`}
        </Text>
        {errors.length > 0 ? <PreflightErrors proof={proof} errors={errors} onOpenPage={onClose} /> : null}
        <FormError message={formError} />
        <Textarea label="Note (optional)" autosize minRows={2} maxRows={6} {...form.getInputProps('note')} />
        {errors.length > 0 ? (
          <Checkbox
            label={`I approve this proof for print despite its ${plural(errors.length, 'preflight error')}`}
            {...form.getInputProps('acknowledged', { type: 'checkbox' })}
          />
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            color={errors.length > 0 ? 'orange' : 'green'}
            loading={submitting}
            leftSection={<IconCheck size={16} />}
          >
            {errors.length > 0 ? 'Approve despite errors' : 'Approve'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ApproveDialog({ proof, opened, onClose }: { proof: Proof; opened: boolean; onClose: () => void }) {
  // The same query as the proof's Findings tab: usually already loaded.
  const findings = useFindings(proof.id, opened);
  const errors = (findings.data?.data ?? []).filter((finding) => severityOf(finding) === 'error');
  return (
    <Modal opened={opened} onClose={onClose} title="Approve proof" centered size="lg">
      {/* Never offer a plain approval before it is known whether the proof has errors. */}
      <QueryState query={findings} loadingLabel="Loading the preflight's findings…">
        {() => (
          <ApproveForm
            key={errors.map((finding) => finding.id).join(',')}
            proof={proof}
            errors={errors}
            onClose={onClose}
          />
        )}
      </QueryState>
    </Modal>
  );
}

function RejectDialog({ proof, opened, onClose }: { proof: Proof; opened: boolean; onClose: () => void }) {
  const { reject } = useProofDecision(proof.id);
  const { form, onSubmit, submitting, formError } = useSchemaForm({
    schema: proofRejectBodySchema,
    initialValues: { reason: '' },
    submit: (body) => reject.mutateAsync(body),
    successMessage: `Round ${proof.roundNumber} is rejected: the book is unlocked for edits.`,
    onSuccess: () => {
      form.reset();
      onClose();
    },
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Reject proof" centered>
      <form onSubmit={onSubmit} noValidate aria-label="Reject proof">
        <Stack gap="md">
          <Alert color="orange" variant="light" icon={<IconLockOpen size={18} />}>
            Rejecting unlocks the book for edits: it can be changed again until the next proof is uploaded, and that
            upload becomes round {proof.roundNumber + 1}.
          </Alert>
          <FormError message={formError} />
          <Textarea
            label="Reason"
            description="What must change before the next round. Everyone reviewing the proof sees it."
            required
            autosize
            minRows={3}
            maxRows={8}
            data-autofocus
            {...form.getInputProps('reason')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={submitting} leftSection={<IconX size={16} />}>
              Reject
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Order: on once the proof is approved and the user may place orders, it opens the order form
 * (the orders feature's drawer); otherwise it says why not.
 */
export function OrderButton({ proof }: { proof: Proof }) {
  const [ordering, setOrdering] = useState(false);
  if (proof.canOrder) {
    return (
      <>
        <Button color="green" leftSection={<IconShoppingCart size={16} />} onClick={() => setOrdering(true)}>
          Order
        </Button>
        <PlaceOrderDrawer proof={proof} opened={ordering} onClose={() => setOrdering(false)} />
      </>
    );
  }
  const reason =
    proof.status !== proofStatus.Approved
      ? 'Ordering opens once the proof is approved.'
      : 'Your role does not place orders.';
  return (
    <Tooltip label={reason}>
      {/* A disabled button takes no pointer events: the wrapper shows the reason. */}
      <span>
        <Button disabled leftSection={<IconShoppingCart size={16} />}>
          Order
        </Button>
      </span>
    </Tooltip>
  );
}

/**
 * Approve and Reject, for those who may (`proofs.approve`) while the proof still needs review.
 * Approval waits for processing: the pages and the preflight must be there to approve.
 */
export function DecisionButtons({ proof, canApprove }: { proof: Proof; canApprove: boolean }) {
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  if (!canApprove || proof.status !== proofStatus.NeedsReview) return null;
  const processed = proof.processingStatus === proofProcessingStatus.Processed;
  return (
    <>
      <Tooltip label="The proof can be approved once it is processed." disabled={processed}>
        <span>
          <Button
            color="green"
            leftSection={<IconCheck size={16} />}
            disabled={!processed}
            onClick={() => setDialog('approve')}
          >
            Approve
          </Button>
        </span>
      </Tooltip>
      <Button color="red" variant="light" leftSection={<IconX size={16} />} onClick={() => setDialog('reject')}>
        Reject
      </Button>
      <ApproveDialog proof={proof} opened={dialog === 'approve'} onClose={() => setDialog(null)} />
      <RejectDialog proof={proof} opened={dialog === 'reject'} onClose={() => setDialog(null)} />
    </>
  );
}
