import {
  type OnlineSalesSearch,
  type RevenueOverview,
  type SalesListReportName,
  salesListReports,
} from '@colophon/contract';
import { formatCurrency } from '@colophon/domain';
import { Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import type { JSX } from 'react';
import { AccountPicker } from '../../components/account-picker/AccountPicker';
import { ErrorState, LoadingState } from '../../components/feedback/QueryState';
import { PageTabs } from '../../components/layout/PageTabs';
import type { ListSearch } from '../../lib/list-search';
import { ForecastCard } from '../distribution';
import { salesFilterOf, useRevenueOverview, useSalesAgainstEnrollment, useYearToYear } from './api';
import { ReportTable } from './ReportTable';
import { ChartsGrid, RevenueByWeekChart, SalesAgainstEnrollmentChart, YearOverYearChart } from './SalesCharts';

const route = getRouteApi('/admin/online-sales');
/** The report tabs in the contract's order (read from the reports, not the URL module, so the route table stays light). */
const reportNames = Object.keys(salesListReports) as SalesListReportName[];

/** The seasons a person picks from: the next one (pre-orders) and the five before it. */
function yearOptions(now = new Date()) {
  const next = now.getUTCFullYear() + 1;
  return Array.from({ length: 6 }, (_, index) => String(next - index));
}

function Tile({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="md" radius="md" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

export function SalesTiles({ overview }: { overview: RevenueOverview }) {
  const count = (value: number) => value.toLocaleString('en-US');
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
      <Tile label="Revenue (net of refunds)" value={formatCurrency(overview.netCents)} />
      <Tile label="Orders" value={count(overview.orders)} />
      <Tile label="Books" value={count(overview.books)} />
      <Tile label="Personalized" value={count(overview.personalized)} />
      <Tile label="Ads" value={count(overview.ads)} />
      <Tile label="Donated" value={count(overview.donated)} />
    </SimpleGrid>
  );
}

/**
 * /admin/online-sales: the stores' sales of the caller's schools, for a year and a school kept in
 * the URL: the totals, the charts, and every list report (exported whole as CSV or XLSX).
 */
export function OnlineSalesPage(): JSX.Element {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const filter = salesFilterOf(search);
  const overview = useRevenueOverview(filter);
  const yearToYear = useYearToYear(filter);
  const enrollment = useSalesAgainstEnrollment(filter);
  const report: SalesListReportName = reportNames.find((name) => name === search.report) ?? 'online_orders_report';

  const setSearch = (patch: Partial<OnlineSalesSearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch }) });
  // A new year, school or report starts the list at its first page, in its own default order.
  const setFilter = (patch: Partial<OnlineSalesSearch>) => setSearch({ ...patch, page: undefined, sort: undefined });
  const listSearch: ListSearch = { page: search.page, perPage: search.perPage, sort: search.sort };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Online Sales</Title>
        <Group gap="sm" align="flex-end">
          <Select
            label="Year"
            placeholder="Every year"
            data={yearOptions()}
            value={search.year ? String(search.year) : null}
            onChange={(value) => setFilter({ year: value ? Number(value) : undefined })}
            clearable
            w={140}
          />
          <AccountPicker
            label="School"
            placeholder="Every school"
            value={search.accountId ?? null}
            onChange={(accountId) => setFilter({ accountId: accountId ?? undefined })}
            w={320}
          />
        </Group>
      </Group>

      {overview.isPending ? (
        <LoadingState label="Loading the sales…" />
      ) : overview.isError ? (
        <ErrorState error={overview.error} onRetry={() => void overview.refetch()} />
      ) : (
        <>
          <SalesTiles overview={overview.data} />
          {/* One school's one season: how many books it will have sold when the store closes. */}
          {search.accountId && search.year ? <ForecastCard accountId={search.accountId} year={search.year} /> : null}
          <ChartsGrid>
            <RevenueByWeekChart overview={overview.data} />
            {yearToYear.data ? <YearOverYearChart comparison={yearToYear.data} /> : <LoadingState />}
            {enrollment.data ? <SalesAgainstEnrollmentChart rows={enrollment.data.data} /> : <LoadingState />}
          </ChartsGrid>
        </>
      )}

      <PageTabs<SalesListReportName>
        value={report}
        onChange={(next) => setFilter({ report: next })}
        tabs={reportNames.map((name) => ({
          value: name,
          label: salesListReports[name].label,
          panel: (
            <ReportTable name={name} filter={filter} search={listSearch} onSearchChange={(patch) => setSearch(patch)} />
          ),
        }))}
      />
    </Stack>
  );
}
