import { proofCommentInternalCreateSchema } from '@colophon/contract';
import { Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { EmptyState } from '../../../components/feedback/QueryState';
import { useConfirmedAction } from '../../../components/feedback/useConfirmedAction';
import { FormActions } from '../../../components/form/FormActions';
import { useSchemaForm } from '../../../components/form/useSchemaForm';
import { type ProofInternalComment, useProofChildMutations } from '../api';
import { CommentHeading } from './CommentHeading';
import { type Author, isOwn } from './CommentsPanel';

function InternalCommentForm({
  proofId,
  editing,
  onDone,
}: {
  proofId: number;
  editing: ProofInternalComment | null;
  onDone: () => void;
}) {
  const { create, update } = useProofChildMutations(proofId, 'proof_comment_internals');
  const schemaForm = useSchemaForm({
    schema: proofCommentInternalCreateSchema,
    method: editing ? 'PUT' : 'POST',
    initialValues: { body: editing?.body ?? '' },
    submit: (body) => (editing ? update.mutateAsync({ childId: editing.id, body }) : create.mutateAsync(body)),
    successMessage: editing ? 'The internal comment is saved.' : 'Your internal comment is added.',
    onSuccess: () => {
      form.reset();
      onDone();
    },
  });
  const { form, onSubmit } = schemaForm;
  return (
    <form onSubmit={onSubmit} noValidate aria-label={editing ? 'Edit internal comment' : 'New internal comment'}>
      <Textarea
        label={editing ? 'Internal comment' : 'New internal comment'}
        description={editing ? undefined : 'Seen by studio staff only, never by the school.'}
        autosize
        minRows={2}
        maxRows={8}
        {...form.getInputProps('body')}
      />
      {/* Turning the proof's pages changes only the search: what is typed stays, so only leaving asks. */}
      <FormActions
        schemaForm={schemaForm}
        submitLabel={editing ? 'Save' : 'Add internal comment'}
        onCancel={editing ? onDone : undefined}
        size={editing ? 'xs' : 'sm'}
        sticky={false}
        guardSearch={false}
      />
    </form>
  );
}

/** Staff-only comments (`proofs.internal`): the school never sees them. */
export function InternalCommentsPanel({
  proofId,
  comments,
  author,
  zone,
}: {
  proofId: number;
  comments: readonly ProofInternalComment[];
  author: Author;
  zone: string | undefined;
}) {
  const { remove } = useProofChildMutations(proofId, 'proof_comment_internals');
  const [editing, setEditing] = useState<number | null>(null);
  const removal = useConfirmedAction<ProofInternalComment>({
    title: 'Remove internal comment',
    confirmLabel: 'Remove',
    message: () => 'The internal comment will be removed for all staff.',
    run: (comment) => remove.mutateAsync(comment.id),
    done: () => ({ title: 'Removed', message: 'The internal comment is removed.' }),
    failed: 'Not removed',
  });

  return (
    <Stack gap="md">
      {comments.length === 0 ? <EmptyState>No internal comments yet.</EmptyState> : null}
      <Stack
        gap="xs"
        component="ul"
        aria-label="Internal comments"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {comments.map((comment) => (
          <Paper key={comment.id} component="li" withBorder p="xs">
            <CommentHeading
              userName={comment.userName}
              createdAt={comment.createdAt}
              zone={zone}
              actions={
                isOwn(author, comment) && editing !== comment.id
                  ? {
                      what: 'internal comment',
                      onEdit: () => setEditing(comment.id),
                      onRemove: () => removal.ask(comment),
                    }
                  : null
              }
            />
            {editing === comment.id ? (
              <InternalCommentForm proofId={proofId} editing={comment} onDone={() => setEditing(null)} />
            ) : (
              <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
                {comment.body}
              </Text>
            )}
          </Paper>
        ))}
      </Stack>
      <InternalCommentForm proofId={proofId} editing={null} onDone={() => undefined} />
      {removal.dialog}
    </Stack>
  );
}
