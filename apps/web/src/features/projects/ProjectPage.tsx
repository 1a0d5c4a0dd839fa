import type { Project } from '@colophon/contract';
import { bookType, formatCalendarDate } from '@colophon/domain';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArchive, IconArchiveOff } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { type JSX, useEffect, useState } from 'react';
import { ActiveBadge } from '../../components/data-table/cells';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { ErrorState, LoadingState } from '../../components/feedback/QueryState';
import { PageCrumbs } from '../../components/layout/PageCrumbs';
import { type PageTabContent, PageTabs } from '../../components/layout/PageTabs';
import { userCan } from '../../lib/access';
import { errorMessage, isApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { ForecastCard } from '../distribution';
import { QuoteCard } from '../pricing';
import { ProjectProofs } from '../proofs';
import { DeadlineBadgeFor } from '../submission-status';
import { projectsResource, useProjectOptions } from './api';
import { ProjectMetaTab } from './ProjectMetaForm';
import { ProjectSpecForm } from './ProjectSpecForm';
import { SalesRepMetaTab } from './SalesRepMetaForm';
import { type ProjectTab, projectTabs } from './search';
import { WorkInProgressPanel } from './WorkInProgressPanel';

const route = getRouteApi('/admin/projects/$projectId');

/** /admin/projects/$projectId: one project (Project Records › its name). */
export function ProjectPage(): JSX.Element {
  const { projectId } = route.useParams();
  const query = projectsResource.useDetail(projectId > 0 ? projectId : null, { include: ['account'] });
  const options = useProjectOptions();

  if (projectId <= 0 || (query.isError && isApiError(query.error) && query.error.status === 404)) {
    return <ProjectNotFound />;
  }
  if (query.isPending || options.isPending) return <LoadingState label="Loading the project…" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (options.isError) return <ErrorState error={options.error} onRetry={() => void options.refetch()} />;
  return <ProjectView project={query.data} options={options.data} />;
}

function ProjectCrumbs({ name }: { name: string }) {
  return (
    <PageCrumbs
      label="Project breadcrumb"
      listTo="/admin/projects"
      listLabel="Project Records"
      current={name}
      backChevron
    />
  );
}

function ProjectNotFound() {
  return (
    <Stack gap="md">
      <ProjectCrumbs name="Not found" />
      <ErrorState
        title="Project not found"
        error={new Error('This project does not exist, or it belongs to an account you do not see.')}
      />
    </Stack>
  );
}

function ProjectView({
  project,
  options,
}: {
  project: Project;
  options: NonNullable<ReturnType<typeof useProjectOptions>['data']>;
}) {
  const { tab, page, perPage, sort } = route.useSearch();
  const navigate = route.useNavigate();
  const viewer = useSession()?.user;
  const canManage = userCan(viewer, 'projects.manage');
  const salesSide = userCan(viewer, 'projects.salesSide');
  // Proofs only for those who may list them (a sales manager may not): no tab that answers 403.
  const seesProofs = userCan(viewer, 'proofs.view');
  const seesSales = userCan(viewer, 'sales.view');
  const allowed = (candidate: ProjectTab | undefined) =>
    (candidate === 'sales' && !salesSide) || (candidate === 'proofs' && !seesProofs) ? undefined : candidate;
  const current: ProjectTab = allowed(tab) ?? 'specification';
  const tabs: Record<ProjectTab, PageTabContent> = {
    specification: {
      label: 'Book specification',
      panel: <ProjectSpecForm key={project.id} project={project} options={options} canManage={canManage} />,
    },
    meta: { label: 'Project meta', panel: <ProjectMetaTab projectId={project.id} canManage={canManage} /> },
    sales: { label: 'Sales side', panel: <SalesRepMetaTab projectId={project.id} canManage={canManage} /> },
    proofs: {
      label: 'Proofs',
      panel: (
        <ProjectProofs
          projectId={project.id}
          search={{ page, perPage, sort }}
          onSearchChange={(patch) => void navigate({ search: (previous) => ({ ...previous, ...patch }) })}
        />
      ),
    },
    wip: { label: 'Work in progress', panel: <WorkInProgressPanel projectId={project.id} /> },
  };
  const update = projectsResource.useUpdate();
  const remove = projectsResource.useRemove();
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    const previous = document.title;
    document.title = `${project.name} · Project Records · Colophon`;
    return () => {
      document.title = previous;
    };
  }, [project.name]);

  const setActive = async (isActive: boolean) => {
    try {
      if (isActive) await update.mutateAsync({ id: project.id, body: { isActive: true } });
      else await remove.mutateAsync(project.id);
      notifications.show({
        color: 'green',
        title: 'Saved',
        message: `${project.name} is ${isActive ? 'reactivated' : 'deactivated'}.`,
      });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Not saved', message: errorMessage(error) });
    } finally {
      setConfirming(false);
    }
  };

  return (
    <Stack gap="md">
      <ProjectCrumbs name={project.name} />
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={4}>
            <Title order={2} size="h3">
              {project.name}
            </Title>
            <Text size="sm" c="dimmed">
              {project.account ? `${project.account.name} (${project.account.code})` : `Account ${project.accountId}`}
            </Text>
            <Group gap="xs" mt={4}>
              <Badge variant="light">{project.year}</Badge>
              <Badge variant="light" color="grape" style={{ textTransform: 'none' }}>
                {bookType.label(project.typeBook)}
              </Badge>
              <ActiveBadge active={project.isActive} />
              {project.submissionDeadline ? (
                <Group gap={6}>
                  <Text size="sm">Submission deadline {formatCalendarDate(project.submissionDeadline)}</Text>
                  {project.isActive ? <DeadlineBadgeFor deadline={project.submissionDeadline} /> : null}
                </Group>
              ) : null}
            </Group>
          </Stack>
          {canManage ? (
            project.isActive ? (
              <Button
                variant="default"
                color="red"
                leftSection={<IconArchive size={16} />}
                onClick={() => setConfirming(true)}
              >
                Deactivate
              </Button>
            ) : (
              <Button
                variant="default"
                leftSection={<IconArchiveOff size={16} />}
                loading={update.isPending}
                onClick={() => void setActive(true)}
              >
                Reactivate
              </Button>
            )
          ) : null}
        </Group>
      </Paper>

      {seesSales ? <ForecastCard accountId={project.accountId} year={project.year} /> : null}
      <QuoteCard projectId={project.id} />

      <PageTabs
        tabs={projectTabs.filter((tab) => allowed(tab)).map((value) => ({ value, ...tabs[value] }))}
        value={current}
        // A tab of its own starts the proofs list at its first page.
        onChange={(chosen) =>
          void navigate({ search: { tab: chosen === 'specification' ? undefined : chosen }, replace: true })
        }
      />

      <ConfirmDialog
        opened={confirming}
        title="Deactivate project"
        confirmLabel="Deactivate"
        loading={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => void setActive(false)}
      >
        {`${project.name} will be marked inactive. Its proofs and orders stay, and you can reactivate it later.`}
      </ConfirmDialog>
    </Stack>
  );
}
