import { getWidget, saveWidgetSettings, type Widget, type WidgetSettings } from '@colophon/contract';
import type { WidgetName } from '@colophon/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../lib/api-client';
import { call } from '../../lib/call';
import { createQueryKeys } from '../../lib/resource';

const widgetKeys = createQueryKeys('widgets');

/** `GET widgets/{name}`: the widget's rows with the caller's saved settings. */
export const widgetOptions = (name: WidgetName) =>
  queryOptions({
    queryKey: widgetKeys.detail(name),
    queryFn: ({ signal }) => call(getWidget, { params: { name }, query: {} }, signal),
    staleTime: 30_000,
  });

export const useWidget = (name: WidgetName) => useQuery(widgetOptions(name));

/** `POST widgets/{name}`: keeps the caller's settings (only those sent change) and answers the new rows. */
export function useSaveWidgetSettings(name: WidgetName) {
  const queryClient = useQueryClient();
  return useMutation<Widget, ApiError, Partial<WidgetSettings>>({
    mutationFn: (settings) => call(saveWidgetSettings, { params: { name }, body: settings }),
    onSuccess: (widget) => queryClient.setQueryData(widgetKeys.detail(name), widget),
  });
}
