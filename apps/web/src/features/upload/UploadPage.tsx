import type { Project } from '@colophon/contract';
import {
  bookSize,
  bookType,
  hasSeparateCover,
  type ProofFileKind,
  proofFileProblem,
  selfCoverMessage,
} from '@colophon/domain';
import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCloudUpload, IconRotate } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { type JSX, useCallback, useState, useSyncExternalStore } from 'react';
import { ErrorState, LoadingState } from '../../components/feedback/QueryState';
import { Section } from '../../components/layout/Section';
import { isApiError } from '../../lib/api-client';
import { specSummary } from '../projects';
import { uploadTransport, useProject } from './api';
import { ChunkedUpload, resumeKey, type UploadOptions, type UploadTransport } from './chunked-upload';
import { FileDropZone } from './FileDropZone';
import { ProjectPicker } from './ProjectPicker';
import { UploadCard } from './UploadCard';

const route = getRouteApi('/admin/upload');

/** /admin/upload (Upload Proof): the project in the URL, so a link from a project opens it ready. */
export function UploadPage(): JSX.Element {
  const { projectId } = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <UploadScreen
      projectId={projectId ?? null}
      onProjectChange={(next) => void navigate({ search: { projectId: next ?? undefined }, replace: true })}
      transport={uploadTransport}
    />
  );
}

type Chosen = Record<ProofFileKind, File | null>;
const KINDS: ProofFileKind[] = ['pages', 'cover'];

export function UploadScreen({
  projectId,
  onProjectChange,
  transport,
  pollMs,
  storage,
  uploadOptions,
}: {
  projectId: number | null;
  onProjectChange: (projectId: number | null) => void;
  transport: UploadTransport;
  pollMs?: number;
  storage?: UploadOptions['storage'];
  /** Retry timing and the like (tests). */
  uploadOptions?: Partial<Pick<UploadOptions, 'retryBaseMs' | 'sleep' | 'concurrency' | 'now'>>;
}) {
  const project = useProject(projectId);
  const [files, setFiles] = useState<Chosen>({ pages: null, cover: null });
  const [uploads, setUploads] = useState<Partial<Record<ProofFileKind, ChunkedUpload>>>({});
  const started = Object.keys(uploads).length > 0;
  const store = storage === undefined ? (typeof localStorage === 'undefined' ? null : localStorage) : storage;

  const projectMissing = project.isError && isApiError(project.error) && project.error.status === 404;
  const book = project.data;
  const kinds = book && hasSeparateCover(book.typeBook) ? KINDS : (['pages'] as ProofFileKind[]);
  const problemOf = (kind: ProofFileKind) => {
    const file = files[kind];
    return file ? proofFileProblem(file) : null;
  };
  const ready = kinds.filter((kind) => files[kind] && !problemOf(kind));
  const invalid = kinds.some((kind) => problemOf(kind));

  const resumable = (kind: ProofFileKind) => {
    const file = files[kind];
    if (!file || !projectId || problemOf(kind) || started) return null;
    try {
      return store?.getItem(resumeKey(file, projectId, kind))
        ? 'An unfinished upload of this file was found: it continues where it stopped.'
        : null;
    } catch {
      return null;
    }
  };

  const start = () => {
    if (!projectId || ready.length === 0 || invalid) return;
    const next: Partial<Record<ProofFileKind, ChunkedUpload>> = {};
    for (const kind of ready) {
      const file = files[kind];
      if (!file) continue;
      next[kind] = new ChunkedUpload({ file, projectId, kind, transport, storage: store, ...uploadOptions });
    }
    setUploads(next);
    for (const upload of Object.values(next)) void upload.start();
  };

  const startOver = () => {
    setUploads({});
    setFiles({ pages: null, cover: null });
  };

  const everyUploadEnded = useEveryUploadEnded(uploads);

  return (
    <Stack gap="lg" maw={960}>
      <Section
        title="Project"
        description="The book this proof is for: the files are checked against its specification."
      >
        <ProjectPicker value={projectId} onChange={onProjectChange} disabled={started} />
        {projectMissing ? (
          <ErrorState
            title="Project not found"
            error={new Error('This project does not exist, or it belongs to an account you do not see.')}
          />
        ) : project.isError ? (
          <ErrorState error={project.error} onRetry={() => void project.refetch()} />
        ) : projectId && project.isPending ? (
          <LoadingState label="Loading the project…" />
        ) : book ? (
          <BookSummary project={book} />
        ) : null}
      </Section>

      {book ? (
        <Section
          title="Files"
          description="PDF files up to 2 GB each. They go straight to the file store in parts; a dropped connection resends one part, not the file."
        >
          <SimpleGrid cols={{ base: 1, sm: kinds.length }}>
            {kinds.map((kind) => (
              <FileDropZone
                key={kind}
                label={kind === 'pages' ? 'Pages' : 'Cover'}
                description={
                  kind === 'cover'
                    ? 'The cover, as one spread with the spine.'
                    : hasSeparateCover(book.typeBook)
                      ? 'Every inside page, in order, in one PDF.'
                      : 'Every page, the cover included, in order, in one PDF.'
                }
                file={files[kind]}
                error={problemOf(kind)}
                notice={resumable(kind)}
                disabled={started}
                onChoose={(file) => setFiles((current) => ({ ...current, [kind]: file }))}
              />
            ))}
          </SimpleGrid>
          <Group>
            {started ? (
              <Button
                variant="light"
                leftSection={<IconRotate size={16} />}
                onClick={startOver}
                disabled={!everyUploadEnded}
              >
                Upload other files
              </Button>
            ) : (
              <Button
                leftSection={<IconCloudUpload size={16} />}
                onClick={start}
                disabled={ready.length === 0 || invalid}
              >
                Start upload
              </Button>
            )}
            {!started && ready.length === 0 && !invalid ? (
              <Text size="sm" c="dimmed">
                Choose {kinds.length > 1 ? 'the pages, the cover, or both' : 'the PDF'} to upload.
              </Text>
            ) : null}
          </Group>
        </Section>
      ) : null}

      {started && projectId ? (
        <Section
          title="Progress"
          description="Keep this page open until the parts are sent; after that the server takes over."
        >
          {KINDS.map((kind) => {
            const upload = uploads[kind];
            return upload ? (
              <UploadCard key={kind} upload={upload} kind={kind} projectId={projectId} pollMs={pollMs} />
            ) : null;
          })}
        </Section>
      ) : null}
    </Stack>
  );
}

/** The binding, size and page count the files are checked against (labels from the domain). */
function BookSummary({ project }: { project: Project }) {
  const rows = specSummary({
    typeBook: bookType.has(project.typeBook) ? project.typeBook : undefined,
    typeSize: bookSize.has(project.typeSize) ? project.typeSize : null,
    pageCount: project.pageCount,
  });
  return (
    <Stack gap={4} aria-label="Book specification">
      <Group gap="lg">
        {rows.map((row) => (
          <Text size="sm" key={row.label}>
            <Text span c="dimmed" size="sm">
              {row.label}:
            </Text>{' '}
            {row.value}
          </Text>
        ))}
      </Group>
      <Text size="sm" c="dimmed">
        {hasSeparateCover(project.typeBook)
          ? 'This binding prints the cover apart: upload it as its own PDF.'
          : selfCoverMessage(project.typeBook)}
      </Text>
    </Stack>
  );
}

/** Whether every upload started has ended (done or cancelled): the page then offers to start again. */
function useEveryUploadEnded(uploads: Partial<Record<ProofFileKind, ChunkedUpload>>): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      const stops = Object.values(uploads).map((upload) => upload.subscribe(listener));
      return () => {
        for (const stop of stops) stop();
      };
    },
    [uploads],
  );
  return useSyncExternalStore(subscribe, () =>
    Object.values(uploads).every((upload) => ['done', 'cancelled'].includes(upload.getSnapshot().state)),
  );
}
