import { EPUB_PREPARING_DETAIL, type EpubLink, getEpubLink } from '@colophon/contract';
import { Button, Stack, Text } from '@mantine/core';
import { IconBook2 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../lib/api-client';
import { call } from '../../lib/call';

export interface EpubDownloadProps {
  proofId: number;
  approved: boolean;
  /** How often to ask again while the EPUB is being made (milliseconds). */
  pollMs?: number;
}

/** A link still this far from expiring is used as it is; an older one is asked for again. */
const FRESH_FOR_MS = 5 * 60_000;

export const epubLinkKey = (proofId: number) => ['proofs', proofId, 'epub_link'] as const;

/** The API answers 409 until the EPUB exists, or with the reason there will be none. */
const isNotReady = (error: unknown) => isApiError(error) && error.status === 409;
/** Still being made: worth asking again. Any other reason stands until the page is opened again. */
const isPreparing = (error: unknown) =>
  isNotReady(error) && isApiError(error) && error.detail === EPUB_PREPARING_DETAIL;

/**
 * Saves the file under the book's own name: the link carries it as Content-Disposition (which also
 * works from the S3 bucket's origin, where the `download` attribute is ignored).
 */
function startDownload(link: EpubLink) {
  const anchor = document.createElement('a');
  anchor.href = link.url;
  anchor.download = link.fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/**
 * The EPUB of an approved proof: a Download EPUB button once it is made. Until then the button is
 * disabled with "EPUB being prepared" and the link is asked for again every few seconds, so it turns
 * on by itself when the worker is done; when there will be none (it could not be made, the proof has
 * no page images) the button stays off with the reason. Nothing is shown for a proof not approved.
 */
export function EpubDownload({ proofId, approved, pollMs = 5_000 }: EpubDownloadProps) {
  const [opening, setOpening] = useState(false);
  const [openError, setOpenError] = useState<string | null>(null);
  const link = useQuery({
    queryKey: epubLinkKey(proofId),
    queryFn: ({ signal }) => call(getEpubLink, { params: { id: proofId } }, signal),
    enabled: approved,
    retry: false,
    staleTime: 0,
    refetchInterval: (query) => (isPreparing(query.state.error) ? pollMs : false),
  });

  if (!approved) return null;

  const download = async () => {
    setOpenError(null);
    const cached = link.data;
    if (cached && Date.parse(cached.expiresAt) - Date.now() > FRESH_FOR_MS) {
      startDownload(cached);
      return;
    }
    setOpening(true);
    try {
      startDownload(await call(getEpubLink, { params: { id: proofId } }));
    } catch (error) {
      setOpenError(errorMessage(error));
    } finally {
      setOpening(false);
    }
  };

  if (link.isSuccess) {
    return (
      <Stack gap={4} align="flex-start">
        <Button
          variant="default"
          leftSection={<IconBook2 size={16} />}
          loading={opening}
          onClick={() => void download()}
        >
          Download EPUB
        </Button>
        {openError ? (
          <Text size="xs" c="red" role="alert">
            {openError}
          </Text>
        ) : null}
      </Stack>
    );
  }

  const preparing = isPreparing(link.error);
  return (
    <Stack gap={4} align="flex-start">
      <Button variant="default" leftSection={<IconBook2 size={16} />} disabled loading={link.isPending}>
        {preparing ? 'EPUB being prepared' : 'Download EPUB'}
      </Button>
      {link.error && !preparing ? (
        <Text size="xs" c={isNotReady(link.error) ? 'dimmed' : 'red'} role="status">
          {errorMessage(link.error)}
        </Text>
      ) : null}
    </Stack>
  );
}
