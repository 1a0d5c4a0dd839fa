import '@mantine/charts/styles.css';
import type { RevenueOverview, YearToYearSales } from '@colophon/contract';
import { formatCurrency } from '@colophon/domain';
import { AreaChart, BarChart, LineChart } from '@mantine/charts';
import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/*
 * The charts of the sales page, where a person would rather look than read: revenue by week, this
 * season's cumulative curve against the last ones', and books sold per enrolled student. Amounts
 * arrive in cents; the charts plot dollars (display only) and their tooltips print the cents exactly.
 */

const dollars = (cents: number) => cents / 100;
const money = (value: number) => formatCurrency(Math.round(value * 100));
const COLORS = ['gray.5', 'blue.4', 'indigo.7'];

function ChartCard({ title, empty, children }: { title: string; empty: boolean; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" role="figure" aria-label={title}>
      <Title order={4} size="h5" mb="sm">
        {title}
      </Title>
      {empty ? (
        <Text size="sm" c="dimmed">
          No paid sales yet.
        </Text>
      ) : (
        children
      )}
    </Paper>
  );
}

export function RevenueByWeekChart({ overview }: { overview: RevenueOverview }) {
  const data = overview.byWeek.map((week) => ({ week: week.week, Sales: dollars(week.itemsCents) }));
  return (
    <ChartCard title="Revenue by week" empty={data.length === 0}>
      <AreaChart
        h={220}
        data={data}
        dataKey="week"
        series={[{ name: 'Sales', color: 'blue.6' }]}
        valueFormatter={money}
      />
    </ChartCard>
  );
}

/** Week by week of each season, one line per year, cumulative: a season ahead or behind shows at a glance. */
export function yearOverYearRows(comparison: YearToYearSales) {
  const rows = new Map<number, Record<string, number>>();
  for (const year of comparison.years) {
    for (const week of year.weeks) {
      const row = rows.get(week.week) ?? { week: week.week };
      row[String(year.year)] = dollars(week.cumulativeCents);
      rows.set(week.week, row);
    }
  }
  return [...rows.values()].sort((a, b) => (a.week ?? 0) - (b.week ?? 0));
}

export function YearOverYearChart({ comparison }: { comparison: YearToYearSales }) {
  const data = yearOverYearRows(comparison);
  const series = comparison.years.map((year, index) => ({
    name: String(year.year),
    color: COLORS[COLORS.length - comparison.years.length + index] ?? 'blue.6',
  }));
  return (
    <ChartCard title="Year over year (cumulative, by week of the season)" empty={data.length === 0}>
      <LineChart h={220} data={data} dataKey="week" series={series} valueFormatter={money} connectNulls withLegend />
    </ChartCard>
  );
}

export interface EnrollmentRow {
  accountId: number;
  accountName: string;
  books: number;
  enrollment: number | null;
}

/** Books per enrolled student (a share, display only); schools without an enrollment are left out. */
export function booksPerStudent(rows: EnrollmentRow[]) {
  return rows
    .filter((row) => row.enrollment && row.enrollment > 0)
    .map((row) => ({
      school: row.accountName,
      'Books per student': Math.round((row.books / (row.enrollment ?? 1)) * 100) / 100,
    }));
}

export function SalesAgainstEnrollmentChart({ rows }: { rows: EnrollmentRow[] }) {
  const data = booksPerStudent(rows);
  return (
    <ChartCard title="Books sold per enrolled student" empty={data.length === 0}>
      <BarChart h={220} data={data} dataKey="school" series={[{ name: 'Books per student', color: 'teal.6' }]} />
    </ChartCard>
  );
}

export function ChartsGrid({ children }: { children: ReactNode }) {
  return <SimpleGrid cols={{ base: 1, lg: 3 }}>{children}</SimpleGrid>;
}
