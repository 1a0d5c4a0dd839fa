import type { ListEnvelope } from '@colophon/contract';
import {
  dedicationAdSales,
  distributionList,
  exportSalesReport,
  onlineOrdersReport,
  ordersAndItems,
  personalizedOrderNames,
  revenueOverview,
  type SalesFilter,
  type SalesListReportName,
  type SalesRow,
  salesAgainstEnrollment,
  shipToHomeAddressList,
  studioOverviewReport,
  textDedicationAdsList,
  weeklyAccounts,
  yearToYearSalesComparison,
} from '@colophon/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch, downloadFile } from '../../lib/api-client';
import { call } from '../../lib/call';

/** The reports' filter as sent: only the values set (the API reads an absent one as "every"). */
export function salesFilterOf(search: { year?: number | undefined; accountId?: number | undefined }): SalesFilter {
  return {
    ...(search.year ? { year: search.year } : {}),
    ...(search.accountId ? { accountId: search.accountId } : {}),
  };
}

const keys = {
  overview: (filter: SalesFilter) => ['online-sales', 'overview', filter] as const,
  yearToYear: (filter: SalesFilter) => ['online-sales', 'year-to-year', filter] as const,
  enrollment: (filter: SalesFilter) => ['online-sales', 'enrollment', filter] as const,
  report: (name: SalesListReportName, query: object) => ['online-sales', 'report', name, query] as const,
};

export function useRevenueOverview(filter: SalesFilter) {
  return useQuery({
    queryKey: keys.overview(filter),
    queryFn: ({ signal }) => call(revenueOverview, { body: filter }, signal),
  });
}

export function useYearToYear(filter: SalesFilter) {
  return useQuery({
    queryKey: keys.yearToYear(filter),
    queryFn: ({ signal }) => call(yearToYearSalesComparison, { query: filter }, signal),
  });
}

export function useSalesAgainstEnrollment(filter: SalesFilter) {
  return useQuery({
    queryKey: keys.enrollment(filter),
    queryFn: ({ signal }) => call(salesAgainstEnrollment, { query: filter }, signal),
  });
}

const GET_REPORTS = {
  online_orders_report: onlineOrdersReport,
  orders_and_items: ordersAndItems,
  personalized_order_names: personalizedOrderNames,
  distribution_list: distributionList,
  ship_to_home_address_list: shipToHomeAddressList,
  text_dedication_ads_list: textDedicationAdsList,
  weekly_accounts: weeklyAccounts,
  studio_overview_report: studioOverviewReport,
} as const;

export interface SalesReportQuery extends SalesFilter {
  page: number;
  perPage: number;
  sort?: string | undefined;
}

/** One page of a list report; dedication ad sales is part 7's POST, the others GETs. */
function fetchReport(name: SalesListReportName, query: SalesReportQuery, signal: AbortSignal) {
  const sent = { ...query, ...(query.sort ? { sort: query.sort } : {}) };
  if (!query.sort) delete sent.sort;
  if (name === 'dedication_ad_sales') return call(dedicationAdSales, { body: sent }, signal);
  return call(GET_REPORTS[name], { query: sent }, signal);
}

export function useSalesReport(name: SalesListReportName, query: SalesReportQuery) {
  return useQuery<ListEnvelope<SalesRow>>({
    queryKey: keys.report(name, query),
    queryFn: ({ signal }) => fetchReport(name, query, signal),
    placeholderData: keepPreviousData,
  });
}

/** The whole filtered report as a file (the API streams at most 100,000 rows). */
export function exportReport(
  name: SalesListReportName,
  format: 'csv' | 'xlsx',
  filter: SalesFilter & { sort?: string | undefined },
) {
  const query = { ...filter, format, ...(filter.sort ? { sort: filter.sort } : {}) };
  if (!filter.sort) delete query.sort;
  return downloadFile(exportSalesReport.path.replace(':report', name), query, `${name}.${format}`);
}

/** The printable distribution list, opened in a new tab (its own print stylesheet). */
export async function openDistributionPrint(filter: SalesFilter) {
  // Opened first, filled after: a window opened after an await is a pop-up the browser may block.
  const opened = window.open('', '_blank');
  const response = await apiFetch('/api/online_sales/distribution_list/print', {
    query: { ...filter },
    headers: { Accept: 'text/html' },
  });
  const url = URL.createObjectURL(await response.blob());
  if (opened) opened.location.href = url;
  else window.location.assign(url);
}
