import type { WorkInProgress } from '@colophon/contract';
import { type Db, proofs } from '@colophon/db';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { ProofManifest } from '../../proof-pipeline';
import type { FileStore } from '../files/file-store';
import type { ConfiguratorAdapter } from './adapter';

/** Signed page images live a day, as the proof viewer's. */
const IMAGE_URL_TTL_SECONDS = 24 * 3600;
/** Processing status 2: the pipeline drew every page (production.ts). */
const PROCESSED = 2;

/**
 * The offline default: the book as its latest processed proof shows it (the page images the proof
 * pipeline drew, behind signed links). A project without one has no pages yet; a manifest the
 * file store lost reads as no pages, not as a failure.
 */
export function createOfflineConfigurator(db: Db, files: FileStore): ConfiguratorAdapter {
  return {
    name: 'offline',
    async workInProgress({ projectId }): Promise<WorkInProgress> {
      const [latest] = await db
        .select({ id: proofs.id, manifestKey: proofs.manifestKey, processedAt: proofs.processedAt })
        .from(proofs)
        .where(
          and(eq(proofs.projectId, projectId), eq(proofs.processingStatus, PROCESSED), isNotNull(proofs.manifestKey)),
        )
        .orderBy(desc(proofs.createdAt), desc(proofs.id))
        .limit(1);
      const empty: WorkInProgress = {
        projectId,
        source: 'latest_proof',
        proofId: latest?.id ?? null,
        status: null,
        updatedAt: latest?.processedAt?.toISOString() ?? null,
        pages: [],
      };
      if (!latest?.manifestKey) return empty;
      const stored = await files.get(latest.manifestKey);
      if (!stored) return empty;
      const manifest = JSON.parse(stored.toString('utf8')) as ProofManifest;
      return {
        ...empty,
        pages: manifest.pages.map((page) => ({
          page: page.page,
          imageUrl: page.viewer ? files.signedUrl(page.viewer.key, IMAGE_URL_TTL_SECONDS) : null,
          thumbUrl: page.thumb ? files.signedUrl(page.thumb.key, IMAGE_URL_TTL_SECONDS) : null,
          width: page.viewer?.width ?? null,
          height: page.viewer?.height ?? null,
        })),
      };
    },
  };
}
