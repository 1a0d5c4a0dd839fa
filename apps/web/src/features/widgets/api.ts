import type { Widget, WidgetSettings } from '@colophon/contract';
import type { WidgetName } from '@colophon/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '../../lib/api-client';
import { createQueryKeys } from '../../lib/resource';

const widgetKeys = createQueryKeys('widgets');

/** `GET widgets/{name}`: the widget's rows with the caller's saved settings. */
export const widgetOptions = (name: WidgetName) =>
  queryOptions({
    queryKey: widgetKeys.detail(name),
    queryFn: ({ signal }) => api.get<Widget>(`/widgets/${name}`, undefined, signal),
    staleTime: 30_000,
  });

export const useWidget = (name: WidgetName) => useQuery(widgetOptions(name));

/** `POST widgets/{name}`: keeps the caller's settings (only those sent change) and answers the new rows. */
export function useSaveWidgetSettings(name: WidgetName) {
  const queryClient = useQueryClient();
  return useMutation<Widget, ApiError, Partial<WidgetSettings>>({
    mutationFn: (settings) => api.post<Widget>(`/widgets/${name}`, settings),
    onSuccess: (widget) => queryClient.setQueryData(widgetKeys.detail(name), widget),
  });
}
