import { Card, Group, Text, Tooltip } from '@mantine/core';
import type { JSX } from 'react';
import { isApiError } from '../../lib/api-client';
import { useSalesForecast } from './api';

/**
 * The order forecast as a card: "Forecast: 212 books (190–236); ordered: 200". Shown where the
 * school's year is known (the project page, the sales reports); nothing for a school whose year
 * the caller may not see.
 */
export function ForecastCard({
  accountId,
  year,
}: {
  accountId: number | null | undefined;
  year: number | null | undefined;
}): JSX.Element | null {
  const query = useSalesForecast(accountId, year);
  if (!accountId || !year) return null;
  if (query.isError && isApiError(query.error) && [403, 404].includes(query.error.status)) return null;
  const data = query.data;
  return (
    <Card withBorder padding="sm" aria-label="Order forecast">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        Online store forecast
      </Text>
      {query.isPending && <Text size="sm">Forecasting…</Text>}
      {query.isError && !data && <Text size="sm">The forecast could not be loaded.</Text>}
      {data && (
        <>
          <Tooltip label={data.basis} multiline w={280}>
            <Text fw={600} data-testid="forecast-line">
              Forecast: {data.forecast} books ({data.low}–{data.high})
              {data.copiesOrdered !== null ? `; ordered: ${data.copiesOrdered}` : ''}
            </Text>
          </Tooltip>
          <Group gap="md">
            <Text size="sm" c="dimmed">
              Sold so far: {data.soldSoFar} (day {data.seasonDay})
            </Text>
            {data.copiesOrdered !== null && data.high > data.copiesOrdered && (
              <Text size="sm" c="orange">
                May sell more than the {data.copiesSource === 'order' ? 'order' : 'project'}'s copies
              </Text>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {data.basis}
          </Text>
        </>
      )}
    </Card>
  );
}
