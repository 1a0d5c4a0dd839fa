import type { Proof } from '@colophon/contract';
import { IconUpload } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import type { JSX } from 'react';
import { DataTable } from '../../components/data-table/DataTable';
import { userCan } from '../../lib/access';
import { type ListSearch, listQuery } from '../../lib/list-search';
import { useSession } from '../../lib/session';
import { useProofList } from './api';
import { proofColumns } from './columns';
import { ButtonLink } from './links';

/**
 * One project's proofs (its Proofs tab): the proofs list of the API filtered to the project, paged
 * and sorted by the server in the one table, with Upload Proof for those who may upload, which opens
 * the upload page with this project already chosen.
 */
export function ProjectProofs({
  projectId,
  search,
  onSearchChange,
}: {
  projectId: number;
  search: ListSearch;
  onSearchChange: (patch: Partial<ListSearch>) => void;
}): JSX.Element {
  const viewer = useSession()?.user;
  const navigate = useNavigate();
  const query = useProofList(listQuery({ ...search, projectId }));
  const open = (proof: Proof) => void navigate({ to: '/admin/proofs/$proofId', params: { proofId: proof.id } });
  return (
    <DataTable<Proof>
      label="Project proofs"
      columns={proofColumns({
        showInternal: userCan(viewer, 'proofs.internal'),
        zone: viewer?.timezone,
        sortable: true,
      })}
      query={query}
      search={search}
      onSearchChange={onSearchChange}
      onRowClick={open}
      emptyText="No proofs have been uploaded for this project yet"
      actions={
        userCan(viewer, 'proofs.upload') ? (
          <ButtonLink to="/admin/upload" search={{ projectId }} leftSection={<IconUpload size={16} />}>
            Upload Proof
          </ButtonLink>
        ) : null
      }
    />
  );
}
