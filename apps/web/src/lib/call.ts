import type { OperationDefinition, OperationInput, OperationOutput } from '@colophon/contract';
import { operationPath } from '@colophon/contract';
import type { Filters } from '@colophon/domain';
import { apiRequest } from './api-client';

type CallArguments<Operation extends OperationDefinition> =
  Record<string, never> extends OperationInput<Operation>
    ? [input?: OperationInput<Operation>, signal?: AbortSignal]
    : [input: OperationInput<Operation>, signal?: AbortSignal];

/**
 * Calls one operation of the contract: its path filled from `params`, its query and body sent as
 * the operation declares, the answer typed from its success response. Instead of
 * a hand-typed `apiRequest<ListEnvelope<Preset>>('/presets', …)`, write `call(presetsContract.operations.list, { query })`.
 */
export function call<const Operation extends OperationDefinition>(
  operation: Operation,
  ...[input, signal]: CallArguments<Operation>
): Promise<OperationOutput<Operation>> {
  const { params, query, body } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: Filters;
    body?: unknown;
  };
  return apiRequest<OperationOutput<Operation>>(operationPath(operation.path, params), {
    method: operation.method,
    query,
    body,
    signal,
  });
}
