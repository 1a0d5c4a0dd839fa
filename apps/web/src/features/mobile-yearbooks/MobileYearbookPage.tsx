import type { MobileYearbook } from '@colophon/contract';
import { ACCESS_CODE_MAX_INPUT } from '@colophon/domain';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { type FormEvent, type JSX, useEffect, useRef, useState } from 'react';
import { PublicCard } from '../../components/layout/PublicCard';
import { ApiError, errorMessage } from '../../lib/api-client';
import { mobileYearbookApi } from './api';
import { MobileYearbookReader } from './MobileYearbookReader';

const TITLE = 'Your digital yearbook';

/** What the parent reads for a refused code: the server's message, with the wait of a 429. */
function refusal(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) {
    return error.detail ?? 'Too many tries. Wait a few minutes and try again.';
  }
  return errorMessage(error);
}

/**
 * /mobile-yearbooks (public, phone first): a parent enters the access code from the receipt, or
 * follows the receipt's link (`?code=…`, opened at once), and reads the book in a phone-sized flipbook.
 */
export function MobileYearbookPage(): JSX.Element {
  const searchText = useRouterState({ select: (state) => state.location.searchStr });
  // Read from the raw URL: a code of digits only must keep its leading zeros.
  const linked = new URLSearchParams(searchText).get('code') ?? '';
  const navigate = useNavigate();
  const [code, setCode] = useState(linked);
  const [book, setBook] = useState<MobileYearbook | null>(null);
  const opening = useMutation({
    mutationFn: (value: string) => mobileYearbookApi.open(value),
    onSuccess: setBook,
  });
  const openedLink = useRef(false);

  useEffect(() => {
    if (!linked || openedLink.current) return;
    openedLink.current = true;
    opening.mutate(linked);
  }, [linked, opening]);

  useEffect(() => {
    const previous = document.title;
    document.title = `${book ? book.title : TITLE} · Colophon`;
    return () => {
      document.title = previous;
    };
  }, [book]);

  if (book) {
    return (
      <main>
        <MobileYearbookReader
          book={book}
          onClose={() => {
            setBook(null);
            opening.reset();
            // The code leaves the address bar with the book.
            void navigate({ to: '/mobile-yearbooks', replace: true });
          }}
        />
      </main>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    opening.mutate(code.trim());
  };

  return (
    <PublicCard
      title={TITLE}
      description="Enter the access code printed on your receipt to read the yearbook on this device."
    >
      <form onSubmit={submit} noValidate aria-label="Open a yearbook">
        <Stack gap="md">
          {opening.isError ? (
            <Alert color="red" role="alert" title="The yearbook did not open">
              {refusal(opening.error)}
            </Alert>
          ) : null}
          <TextInput
            label="Access code"
            placeholder="7KQ2-M9XD-4HRT"
            description="12 letters and digits; dashes and spaces do not matter."
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            maxLength={ACCESS_CODE_MAX_INPUT}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            required
            autoFocus={!linked}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.08em' } }}
          />
          <Button type="submit" loading={opening.isPending} fullWidth size="md">
            Open the yearbook
          </Button>
          <Text size="xs" c="dimmed">
            The code is on the receipt e-mailed when the digital yearbook was bought. Anyone with it can read the book,
            so keep it to your family.
          </Text>
        </Stack>
      </form>
    </PublicCard>
  );
}
