import { Avatar } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { currentRosterClient, rosterKeys } from '../api';

/**
 * The key of a person's portrait: under its own path (so that saving a person does not fetch every
 * portrait again) and named by the stored key, which is new on every upload, so a new portrait is a
 * new read and the old one is never shown from the cache.
 */
export const portraitKey = (id: number, photoKey: string, size: 'thumb' | 'full') =>
  rosterKeys.record('/individuals/image', id, { photoKey, size });

/** A person's portrait read through the roster client (it needs the roster session headers), as bytes. */
function usePortrait(id: number, photoKey: string | null, size: 'thumb' | 'full') {
  return useQuery({
    queryKey: portraitKey(id, photoKey ?? '', size),
    queryFn: async ({ signal }) => {
      const answer = await currentRosterClient().get<Blob>(`/individuals/${id}/image`, {
        query: { size },
        read: 'blob',
        signal,
      });
      return answer.data;
    },
    enabled: photoKey !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** An object URL for a blob while it is shown, released after (a long list would otherwise keep every image). */
function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

/** A person's portrait, or their initials while there is none (or it cannot be read). */
export function Portrait({
  person,
  size = 'thumb',
  px = 36,
}: {
  person: { id: number; givenName: string; familyName: string; photoKey: string | null };
  size?: 'thumb' | 'full';
  px?: number | string;
}) {
  const portrait = usePortrait(person.id, person.photoKey, size);
  const url = useObjectUrl(portrait.data);
  const name = `${person.givenName} ${person.familyName}`;
  const initials = `${person.givenName.charAt(0)}${person.familyName.charAt(0)}`.toUpperCase();
  return (
    <Avatar
      src={url}
      alt={url ? `Portrait of ${name}` : undefined}
      size={px}
      radius="sm"
      aria-label={url ? undefined : `No portrait of ${name}`}
    >
      {initials}
    </Avatar>
  );
}
