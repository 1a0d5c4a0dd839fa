import { Skeleton, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useState } from 'react';
import classes from './Flipbook.module.css';
import type { FlipbookPage } from './types';

/**
 * The page's viewer image over a skeleton until it has loaded. The page box around it already has the
 * page's proportions, so nothing moves when the image arrives. Give it `key={url}`: a new image starts
 * loading afresh.
 */
export function PageImage({ number, page }: { number: number; page: FlipbookPage | undefined }) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const url = page?.viewerUrl ?? null;
  if (url === null || state === 'failed') {
    return (
      <div className={classes.missing} role="img" aria-label={`Page ${number}: no image`}>
        <IconPhotoOff size={32} stroke={1.5} aria-hidden />
        <Text size="sm" fw={600}>
          {url === null ? 'No image of this page' : 'The image of this page did not load'}
        </Text>
        <Text size="xs">
          {url === null
            ? 'The page could not be drawn when the proof was processed.'
            : 'Reload the proof to try again.'}
        </Text>
      </div>
    );
  }
  return (
    <>
      {state === 'loading' && <Skeleton className={classes.fill} radius={0} aria-hidden data-testid="page-loading" />}
      <img
        className={classes.image}
        data-loading={state === 'loading' || undefined}
        src={url}
        alt={`Page ${number}`}
        width={page?.viewerWidth ?? undefined}
        height={page?.viewerHeight ?? undefined}
        loading="lazy"
        decoding="async"
        draggable={false}
        onLoad={() => setState('loaded')}
        onError={() => setState('failed')}
      />
    </>
  );
}
