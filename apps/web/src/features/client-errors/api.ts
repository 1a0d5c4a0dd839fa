import { clientErrorOperations, clientErrorsContract } from '@colophon/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/call';
import { createResource } from '../../lib/resource';

/** The client error groups (part 8, issue 15), and a group's latest reports. */
export const clientErrorsResource = createResource(clientErrorsContract);

export function useClientErrorReports(groupId: number | null) {
  return useQuery({
    queryKey: ['client_errors', groupId, 'reports'],
    queryFn: ({ signal }) => call(clientErrorOperations.reports, { params: { id: groupId ?? 0 } }, signal),
    enabled: groupId !== null,
  });
}
