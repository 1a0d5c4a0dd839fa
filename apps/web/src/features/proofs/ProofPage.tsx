import type { NameFindingView, Proof } from '@colophon/contract';
import { proofProcessingStatus } from '@colophon/domain';
import { Alert, Badge, Grid, Paper, Stack, Tabs, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { type JSX, type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { ErrorState, LoadingState, QueryState } from '../../components/feedback/QueryState';
import { userCan } from '../../lib/access';
import { errorMessage, isApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import {
  isProcessing,
  type ProofComment,
  type ProofFinding,
  useCompare,
  useFindings,
  useFlipImages,
  useProjectRounds,
  useProof,
  useProofChildren,
  useProofProject,
} from './api';
import { CompareSummary } from './CompareSummary';
import { ProcessingNotice, ProofCrumbs, ProofHeader, proofName, type RoundLinks } from './ProofHeader';
import { DRAFT_PIN_ID, NAME_PIN_ID, namePinMarker, pinMarkers } from './pins';
import { CommentsPanel } from './review/CommentsPanel';
import { FindingsPanel } from './review/FindingsPanel';
import { InternalActionsPanel } from './review/InternalActionsPanel';
import { InternalCommentsPanel } from './review/InternalCommentsPanel';
import { NamesPanel } from './review/NamesPanel';
import { ReviewersPanel } from './review/ReviewersPanel';
import classes from './review/review.module.css';
import type { ProofSearch } from './search';
import { Flipbook } from './viewer/Flipbook';
import { findingName } from './viewer/overlays';
import type { FlipbookView, PagePin } from './viewer/types';

const route = getRouteApi('/admin/proofs/$proofId');

type SideTab = 'findings' | 'names' | 'comments' | 'reviewers' | 'internal-comments' | 'internal-actions';

/** /admin/proofs/$proofId: one proof (Proofs › project · round) — the flipbook and its review. */
export function ProofPage(): JSX.Element {
  const { proofId } = route.useParams();
  const query = useProof(proofId);

  if (proofId <= 0 || (query.isError && isApiError(query.error) && query.error.status === 404)) {
    return (
      <Stack gap="md">
        <ProofCrumbs name="Not found" />
        <ErrorState
          title="Proof not found"
          error={new Error('This proof does not exist, or it belongs to an account you do not see.')}
        />
      </Stack>
    );
  }
  return (
    <QueryState query={query} loadingLabel="Loading the proof…">
      {(proof) => <ProofView key={proof.id} proof={proof} />}
    </QueryState>
  );
}

/** The previous and next rounds of the same project and kind. */
function useRoundLinks(proof: Proof): RoundLinks {
  const rounds = useProjectRounds(proof.projectId);
  return useMemo(() => {
    const same = (rounds.data?.data ?? []).filter((round) => round.kind === proof.kind && round.id !== proof.id);
    const earlier = same.filter((round) => round.roundNumber < proof.roundNumber);
    const later = same.filter((round) => round.roundNumber > proof.roundNumber);
    const byRound = (a: Proof, b: Proof) => a.roundNumber - b.roundNumber;
    return { previous: earlier.sort(byRound).at(-1) ?? null, next: later.sort(byRound)[0] ?? null };
  }, [rounds.data, proof.id, proof.kind, proof.roundNumber]);
}

/**
 * Focuses a finding's outline on its page once the page is drawn (its tooltip then shows the
 * message): the flipbook marks findings, the list points at one.
 */
function usePointAtFinding(container: RefObject<HTMLElement | null>, finding: ProofFinding | null) {
  useEffect(() => {
    if (!finding || finding.page === null) return;
    let frame = 0;
    let tries = 0;
    const name = findingName(finding);
    const attempt = () => {
      const page = container.current?.querySelector(`[data-page="${finding.page}"]`);
      const marker = [...(page?.querySelectorAll<HTMLElement>('[aria-label]') ?? [])].find(
        (element) => element.getAttribute('aria-label') === name,
      );
      if (marker) {
        marker.focus();
        return;
      }
      tries += 1;
      if (tries < 30) frame = requestAnimationFrame(attempt);
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  }, [container, finding]);
}

function ProofView({ proof }: { proof: Proof }) {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const session = useSession();
  const viewer = session?.user;
  const zone = viewer?.timezone;
  const staff = userCan(viewer, 'proofs.internal');
  const canApprove = userCan(viewer, 'proofs.approve');
  const canComment = userCan(viewer, 'proofs.comment');
  const canPickUsers = userCan(viewer, 'users.view');
  const author = { id: viewer?.id ?? 0, bSuperAdmin: Boolean(viewer?.userPermission.bSuperAdmin) };

  const processed = proof.processingStatus === proofProcessingStatus.Processed;
  const findings = useFindings(proof.id, processed);
  // An imported proof (history without its PDF) was never drawn: it has no page count and no
  // images, so the screen says so without asking for them (issue 9: no request is meant to fail).
  const drawn = processed && proof.pageCount !== null;
  const images = useFlipImages(proof.id, drawn);
  const comments = useProofChildren(proof.id, 'proof_comments');
  const reviewers = useProofChildren(proof.id, 'proof_reviewers');
  const internalComments = useProofChildren(proof.id, 'proof_comment_internals', staff);
  const internalActions = useProofChildren(proof.id, 'proof_internal_actions', staff);
  const project = useProofProject(staff ? proof.projectId : undefined);
  const rounds = useRoundLinks(proof);
  const comparing = Boolean(search.compare && rounds.previous);
  const compare = useCompare(proof.id, comparing && processed);

  const [tab, setTab] = useState<SideTab>('findings');
  const [placing, setPlacing] = useState(false);
  const [draftPin, setDraftPin] = useState<PagePin | null>(null);
  const [selectedCommentId, setSelectedCommentId] = useState<number | null>(null);
  const [pointedFinding, setPointedFinding] = useState<ProofFinding | null>(null);
  const [pointedName, setPointedName] = useState<NameFindingView | null>(null);
  const bookRef = useRef<HTMLDivElement>(null);
  usePointAtFinding(bookRef, pointedFinding);

  const name = proofName(proof);
  useEffect(() => {
    const previous = document.title;
    document.title = `${name} · Proofs · Colophon`;
    return () => {
      document.title = previous;
    };
  }, [name]);

  // Escape leaves pin mode (the flipbook leaves that to the page).
  useEffect(() => {
    if (!placing) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setPlacing(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [placing]);

  const setSearch = (patch: Partial<ProofSearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch }), replace: true });
  const page = search.page ?? 1;
  const view: FlipbookView = search.view ?? 'spread';
  const openPage = (next: number) => setSearch({ page: next === 1 ? undefined : next });

  const commentList = useMemo(() => comments.data?.data ?? [], [comments.data]);
  const pagesShown = images.data?.pages;
  const pins = useMemo(() => {
    const markers = pinMarkers(commentList, draftPin);
    // The name finding looked at is pinned where the name is printed.
    const named = pointedName && pagesShown ? namePinMarker(pointedName, pagesShown) : null;
    return named ? [...markers, named] : markers;
  }, [commentList, draftPin, pointedName, pagesShown]);
  const changedPages = useMemo(
    () => (comparing && compare.data?.comparable ? new Set(compare.data.changedPages) : undefined),
    [comparing, compare.data],
  );

  const selectComment = (comment: ProofComment) => {
    setSelectedCommentId(comment.id);
    if (comment.pin) openPage(comment.pin.page);
  };
  const openFinding = (finding: ProofFinding) => {
    if (finding.page !== null) openPage(finding.page);
    setPointedFinding(finding);
  };
  const openName = (finding: NameFindingView) => {
    openPage(finding.pageNumber);
    setPointedName(finding);
  };
  const startPin = () => {
    setPlacing(true);
    bookRef.current?.scrollIntoView({ block: 'nearest' });
  };

  const book = (() => {
    if (isProcessing(proof) || proof.processingStatus === proofProcessingStatus.Failed) return null;
    if (!drawn) {
      return (
        <Alert color="gray" variant="light" icon={<IconPhotoOff size={18} />} title="No pages to show">
          This proof was imported without its PDF, so it has no page images.
        </Alert>
      );
    }
    if (images.isPending || findings.isPending) return <LoadingState label="Loading the pages…" />;
    if (images.isError) {
      // An imported proof has no page images: say so plainly rather than as a failure.
      const missing = isApiError(images.error) && images.error.status === 404;
      return (
        <Alert
          color={missing ? 'gray' : 'red'}
          variant="light"
          icon={<IconPhotoOff size={18} />}
          title={missing ? 'No pages to show' : 'Could not load the pages'}
        >
          {errorMessage(images.error)}
        </Alert>
      );
    }
    return (
      <Flipbook
        pages={images.data.pages}
        findings={findings.data?.data ?? []}
        pins={pins}
        page={page}
        onPageChange={openPage}
        view={view}
        onViewChange={(next) => setSearch({ view: next === 'spread' ? undefined : next })}
        changedPages={changedPages}
        onPlacePin={
          placing
            ? (pin) => {
                setDraftPin(pin);
                setPlacing(false);
                setTab('comments');
              }
            : undefined
        }
        onPinSelect={(commentId) => {
          if (commentId === DRAFT_PIN_ID) return;
          if (commentId === NAME_PIN_ID) {
            setTab('names');
            return;
          }
          setSelectedCommentId(commentId);
          setTab('comments');
        }}
        selectedCommentId={pointedName && tab === 'names' ? NAME_PIN_ID : selectedCommentId}
      />
    );
  })();

  const canPin = processed && images.isSuccess && images.data.pages.length > 0;
  const findingList = findings.data?.data ?? [];
  const count = (n: number | undefined) =>
    n ? (
      <Badge size="xs" variant="light" circle>
        {n}
      </Badge>
    ) : null;

  return (
    <Stack gap="md">
      <ProofCrumbs name={name} />
      <ProofHeader
        proof={proof}
        zone={zone}
        staff={staff}
        canApprove={canApprove}
        rounds={rounds}
        compare={comparing}
        onCompareChange={(next) => setSearch({ compare: next || undefined })}
        extra={
          comparing ? (
            <CompareSummary
              compare={compare.data}
              loading={compare.isFetching && !compare.data}
              error={compare.error}
              onOpenPage={openPage}
            />
          ) : null
        }
      />
      <ProcessingNotice proof={proof} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <div ref={bookRef}>{book}</div>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Paper withBorder p="sm" radius="md" className={classes.panel}>
            <Tabs value={tab} onChange={(next) => next && setTab(next as SideTab)} keepMounted={false}>
              <Tabs.List mb="sm" aria-label="Review">
                <Tabs.Tab value="findings" rightSection={count(findingList.length)}>
                  Findings
                </Tabs.Tab>
                <Tabs.Tab value="names">Names</Tabs.Tab>
                <Tabs.Tab value="comments" rightSection={count(commentList.length)}>
                  Comments
                </Tabs.Tab>
                <Tabs.Tab value="reviewers" rightSection={count(reviewers.data?.data.length)}>
                  Reviewers
                </Tabs.Tab>
                {staff ? (
                  <>
                    <Tabs.Tab value="internal-comments" rightSection={count(internalComments.data?.data.length)}>
                      Internal comments
                    </Tabs.Tab>
                    <Tabs.Tab value="internal-actions">Internal actions</Tabs.Tab>
                  </>
                ) : null}
              </Tabs.List>
              <Tabs.Panel value="findings">
                {processed ? (
                  <QueryState query={findings} loadingLabel="Loading the findings…">
                    {() => (
                      <FindingsPanel
                        findings={findingList}
                        selectedId={pointedFinding?.id ?? null}
                        onOpen={openFinding}
                      />
                    )}
                  </QueryState>
                ) : (
                  <Text size="sm" c="dimmed">
                    The preflight's findings appear when the proof is processed.
                  </Text>
                )}
              </Tabs.Panel>
              <Tabs.Panel value="names">
                <NamesPanel proofId={proof.id} processed={processed} selected={pointedName} onOpen={openName} />
              </Tabs.Panel>
              <Tabs.Panel value="comments">
                <QueryState query={comments} loadingLabel="Loading the comments…">
                  {() => (
                    <CommentsPanel
                      proofId={proof.id}
                      comments={commentList}
                      canComment={canComment}
                      canPin={canPin}
                      author={author}
                      zone={zone}
                      placing={placing}
                      draftPin={draftPin}
                      onStartPin={startPin}
                      onCancelPin={() => setPlacing(false)}
                      onClearPin={() => setDraftPin(null)}
                      selectedCommentId={selectedCommentId}
                      onSelect={selectComment}
                    />
                  )}
                </QueryState>
                {canComment && !canPin ? (
                  <Text size="xs" c="dimmed" mt="xs">
                    Comments can be pinned to a page once the pages are shown.
                  </Text>
                ) : null}
              </Tabs.Panel>
              <Tabs.Panel value="reviewers">
                <QueryState query={reviewers} loadingLabel="Loading the reviewers…">
                  {(data) => (
                    <ReviewersPanel
                      proofId={proof.id}
                      reviewers={data.data}
                      canWrite={canComment}
                      canPickUsers={canPickUsers}
                    />
                  )}
                </QueryState>
              </Tabs.Panel>
              {staff ? (
                <>
                  <Tabs.Panel value="internal-comments">
                    <QueryState query={internalComments} loadingLabel="Loading the internal comments…">
                      {(data) => (
                        <InternalCommentsPanel proofId={proof.id} comments={data.data} author={author} zone={zone} />
                      )}
                    </QueryState>
                  </Tabs.Panel>
                  <Tabs.Panel value="internal-actions">
                    <QueryState query={internalActions} loadingLabel="Loading the history…">
                      {(data) => (
                        <InternalActionsPanel
                          proof={proof}
                          typeSoftware={project.data?.typeSoftware ?? project.data?.account?.typeSoftware ?? null}
                          actions={data.data}
                          zone={zone}
                        />
                      )}
                    </QueryState>
                  </Tabs.Panel>
                </>
              ) : null}
            </Tabs>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
