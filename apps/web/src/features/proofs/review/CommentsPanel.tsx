import { proofCommentCreateSchema } from '@colophon/contract';
import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconMapPin, IconMapPinOff, IconPinned } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { EmptyState } from '../../../components/feedback/QueryState';
import { useConfirmedAction } from '../../../components/feedback/useConfirmedAction';
import { FormActions } from '../../../components/form/FormActions';
import { useSchemaForm } from '../../../components/form/useSchemaForm';
import { type ProofComment, useProofChildMutations } from '../api';
import { commentNumbers } from '../pins';
import type { PagePin } from '../viewer/types';
import { CommentHeading } from './CommentHeading';
import classes from './review.module.css';

const bodySchema = z.object({ body: proofCommentCreateSchema.shape.body });

export interface Author {
  id: number;
  bSuperAdmin: boolean;
}

/** Only the author (or a super administrator) changes or removes a comment; the API says the same. */
export const isOwn = (author: Author, entry: { userId: number | null }) =>
  author.bSuperAdmin || entry.userId === author.id;

/** The form under the list: a comment, pinned to the point just placed on a page when there is one. */
function NewComment({
  proofId,
  canPin,
  draftPin,
  placing,
  onStartPin,
  onCancelPin,
  onClearPin,
}: {
  proofId: number;
  canPin: boolean;
  draftPin: PagePin | null;
  placing: boolean;
  onStartPin: () => void;
  onCancelPin: () => void;
  onClearPin: () => void;
}) {
  const { create } = useProofChildMutations(proofId, 'proof_comments');
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const schemaForm = useSchemaForm({
    schema: bodySchema,
    initialValues: { body: '' },
    submit: (values) => create.mutateAsync({ body: values.body, pin: draftPin }),
    successMessage: draftPin ? `Your comment is pinned to page ${draftPin.page}.` : 'Your comment is added.',
    onSuccess: () => {
      form.reset();
      onClearPin();
    },
  });

  const { form, onSubmit } = schemaForm;

  // A pin just placed: the comment to go with it is the next thing to type.
  useEffect(() => {
    if (draftPin) bodyRef.current?.focus();
  }, [draftPin]);

  return (
    <form onSubmit={onSubmit} noValidate aria-label="New comment">
      <Stack gap="xs">
        <Group gap="xs" justify="space-between">
          {draftPin ? (
            <Badge
              variant="light"
              leftSection={<IconPinned size={12} aria-hidden />}
              style={{ textTransform: 'none' }}
              rightSection={
                <ActionIcon size="xs" variant="transparent" aria-label="Remove the pin" onClick={onClearPin}>
                  <IconMapPinOff size={12} />
                </ActionIcon>
              }
            >
              Pinned to page {draftPin.page}
            </Badge>
          ) : (
            <Text size="xs" c="dimmed">
              {placing ? 'Click the page where the comment belongs.' : 'A comment for everyone reviewing this proof.'}
            </Text>
          )}
          {placing ? (
            <Button size="xs" variant="default" onClick={onCancelPin}>
              Cancel pin
            </Button>
          ) : canPin ? (
            <Button size="xs" variant="light" leftSection={<IconMapPin size={14} />} onClick={onStartPin}>
              {draftPin ? 'Move pin' : 'Pin to page'}
            </Button>
          ) : null}
        </Group>
        <Textarea ref={bodyRef} label="Comment" autosize minRows={2} maxRows={8} {...form.getInputProps('body')} />
      </Stack>
      {/* Turning the proof's pages changes only the search: the comment being typed stays, so only leaving asks. */}
      <FormActions
        schemaForm={schemaForm}
        submitLabel={draftPin ? 'Save pinned comment' : 'Add comment'}
        size="sm"
        sticky={false}
        guardSearch={false}
      />
    </form>
  );
}

function CommentEditor({ proofId, comment, onDone }: { proofId: number; comment: ProofComment; onDone: () => void }) {
  const { update } = useProofChildMutations(proofId, 'proof_comments');
  const schemaForm = useSchemaForm({
    schema: bodySchema,
    method: 'PUT',
    initialValues: { body: comment.body },
    submit: (values) => update.mutateAsync({ childId: comment.id, body: { body: values.body } }),
    successMessage: 'The comment is saved.',
    onSuccess: onDone,
  });
  const { form, onSubmit } = schemaForm;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Edit comment">
      <Textarea label="Comment" autosize minRows={2} maxRows={8} data-autofocus {...form.getInputProps('body')} />
      <FormActions schemaForm={schemaForm} onCancel={onDone} size="xs" sticky={false} guardSearch={false} />
    </form>
  );
}

/**
 * The comments everyone reviewing the proof sees, numbered as their markers on the pages. A pinned
 * comment opens its page; "Pin to page" lets the next click on a page place the new comment's pin.
 */
export function CommentsPanel({
  proofId,
  comments,
  canComment,
  canPin,
  author,
  zone,
  placing,
  draftPin,
  onStartPin,
  onCancelPin,
  onClearPin,
  selectedCommentId,
  onSelect,
}: {
  proofId: number;
  comments: readonly ProofComment[];
  canComment: boolean;
  /** The pages are on screen, so a pin can be placed on one. */
  canPin: boolean;
  author: Author;
  zone: string | undefined;
  placing: boolean;
  draftPin: PagePin | null;
  onStartPin: () => void;
  onCancelPin: () => void;
  onClearPin: () => void;
  selectedCommentId: number | null;
  onSelect: (comment: ProofComment) => void;
}) {
  const { remove } = useProofChildMutations(proofId, 'proof_comments');
  const [editing, setEditing] = useState<number | null>(null);
  const numbers = commentNumbers(comments);
  const removal = useConfirmedAction<ProofComment>({
    title: 'Remove comment',
    confirmLabel: 'Remove',
    message: (comment) => `Comment ${numbers.get(comment.id)} will be removed for everyone.`,
    run: (comment) => remove.mutateAsync(comment.id),
    done: () => ({ title: 'Removed', message: 'The comment is removed.' }),
    failed: 'Not removed',
  });
  const refs = useRef(new Map<number, HTMLElement>());

  useEffect(() => {
    if (selectedCommentId !== null) refs.current.get(selectedCommentId)?.scrollIntoView({ block: 'nearest' });
  }, [selectedCommentId]);

  return (
    <Stack gap="md">
      {comments.length === 0 ? <EmptyState>No comments yet.</EmptyState> : null}
      <Stack gap="xs" component="ol" aria-label="Comments" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {comments.map((comment) => {
          const selected = comment.id === selectedCommentId;
          const number = numbers.get(comment.id);
          return (
            <Paper
              key={comment.id}
              component="li"
              withBorder
              p="xs"
              className={classes.item}
              data-selected={selected || undefined}
              ref={(element: HTMLElement | null) => {
                if (element) refs.current.set(comment.id, element);
                else refs.current.delete(comment.id);
              }}
              aria-label={`Comment ${number}`}
            >
              <Stack gap={4}>
                <CommentHeading
                  marker={
                    <Badge size="sm" variant={comment.pin ? 'filled' : 'default'} circle aria-hidden>
                      {number}
                    </Badge>
                  }
                  userName={comment.userName}
                  createdAt={comment.createdAt}
                  zone={zone}
                  actions={
                    canComment && isOwn(author, comment) && editing !== comment.id
                      ? {
                          what: `comment ${number}`,
                          onEdit: () => setEditing(comment.id),
                          onRemove: () => removal.ask(comment),
                        }
                      : null
                  }
                />
                {editing === comment.id ? (
                  <CommentEditor proofId={proofId} comment={comment} onDone={() => setEditing(null)} />
                ) : (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {comment.body}
                  </Text>
                )}
                {comment.pin ? (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    leftSection={<IconPinned size={12} />}
                    onClick={() => onSelect(comment)}
                    style={{ alignSelf: 'flex-start' }}
                  >
                    Show on page {comment.pin.page}
                  </Button>
                ) : null}
              </Stack>
            </Paper>
          );
        })}
      </Stack>
      {canComment ? (
        <NewComment
          proofId={proofId}
          canPin={canPin}
          draftPin={draftPin}
          placing={placing}
          onStartPin={onStartPin}
          onCancelPin={onCancelPin}
          onClearPin={onClearPin}
        />
      ) : null}
      {removal.dialog}
    </Stack>
  );
}
