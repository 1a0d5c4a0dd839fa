import {
  getProjectMeta,
  getProjectOptions,
  getSalesRepProjectMeta,
  type ProjectMeta,
  presetsContract,
  type projectMetaBodySchema,
  projectsContract,
  type SalesRepProjectMeta,
  type salesRepProjectMetaBodySchema,
  searchAccounts,
  updateProjectMeta,
  updateSalesRepProjectMeta,
} from '@colophon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../lib/call';
import { createQueryKeys, createResource, useInvalidatingMutation } from '../../lib/resource';

export type ProjectMetaBody = z.output<typeof projectMetaBodySchema>;
export type SalesRepProjectMetaBody = z.output<typeof salesRepProjectMetaBodySchema>;

/** /api/projects: the generic five routes and the export. */
export const projectsResource = createResource(projectsContract);
const projectKeys = projectsResource.keys;

/** `GET projects/options`: the option lists the caller may use (a sales rep's book types are a subset). */
export const projectOptionsOptions = queryOptions({
  queryKey: [...projectKeys.all, 'options'],
  queryFn: ({ signal }) => call(getProjectOptions, {}, signal),
  staleTime: 10 * 60_000,
});
export const useProjectOptions = () => useQuery(projectOptionsOptions);

/** `projects/{id}/project_meta`: what the school says about its book (empty fields until saved). */
export const projectMetaOptions = (projectId: number) =>
  queryOptions({
    queryKey: [...projectKeys.detail(projectId), 'project_meta'],
    queryFn: ({ signal }) => call(getProjectMeta, { params: { id: projectId } }, signal),
  });

export function useSaveProjectMeta(projectId: number) {
  return useInvalidatingMutation<ProjectMeta, ProjectMetaBody>([projectKeys.detail(projectId)], {
    mutationFn: (body) => call(updateProjectMeta, { params: { id: projectId }, body }),
  });
}

/** `projects/{id}/sales_rep_project_meta`: the sales side (studio staff and sales reps only). */
export const salesRepMetaOptions = (projectId: number) =>
  queryOptions({
    queryKey: [...projectKeys.detail(projectId), 'sales_rep_project_meta'],
    queryFn: ({ signal }) => call(getSalesRepProjectMeta, { params: { id: projectId } }, signal),
  });

export function useSaveSalesRepMeta(projectId: number) {
  return useInvalidatingMutation<SalesRepProjectMeta, SalesRepProjectMetaBody>([projectKeys.detail(projectId)], {
    mutationFn: (body) => call(updateSalesRepProjectMeta, { params: { id: projectId }, body }),
  });
}

/** The presets a project can start from (the caller's own and those of the accounts above). */
const presetKeys = createQueryKeys('presets');
export function usePresetChoices(enabled = true) {
  return useQuery({
    queryKey: presetKeys.list({ perPage: 100, sort: 'name', picker: true }),
    queryFn: ({ signal }) => call(presetsContract.operations.list, { query: { perPage: 100, sort: 'name' } }, signal),
    staleTime: 60_000,
    enabled,
  });
}

/** The account pickers: the caller's own account tree, searched by name or code. */
const accountKeys = createQueryKeys('accounts');

/** The accounts of these ids the caller may see (`POST accounts/get/get_accounts_post`). */
export function useAccountsByIds(ids: readonly number[]) {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  return useQuery({
    queryKey: accountKeys.list({ ids: sorted }),
    queryFn: () => call(searchAccounts, { body: { ids: sorted, perPage: 100 } }),
    enabled: sorted.length > 0,
    staleTime: 5 * 60_000,
  });
}
