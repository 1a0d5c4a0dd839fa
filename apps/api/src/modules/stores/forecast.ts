import { getSalesForecast, type SalesForecastAnswer } from '@colophon/contract';
import { type Db, rowsOf } from '@colophon/db';
import { forecastSales, londonDate, orderStatus, type PastSeason, productType, seasonDay } from '@colophon/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { oneAccountVisible, type Viewer } from '../../access/scope';
import { implement } from '../../engine/implement';
import { requestContext } from '../../engine/resource';
import { notFound } from '../../errors';

/*
 * The order forecast (issue 12): the school's books sold per day of each season (day 0 the store's
 * opening day), its enrollment and its ordered copies, read here; the arithmetic is the domain's
 * `forecastSales` (docs/decisions.md "Online stores: the order forecast").
 */

/** Books (yearbooks) sold by paid day, per season, of one school up to a year. */
export interface SchoolSeasons {
  /** Each season's opening day: the store's, else its first sale's. */
  opensOn: Map<number, string>;
  /** Books per London paid day, per season. */
  sales: Map<number, { date: string; books: number }[]>;
  enrollment: Map<number, number>;
}

export async function readSchoolSeasons(db: Db, accountId: number, upToYear: number): Promise<SchoolSeasons> {
  const [salesRows, storeRows, enrollmentRows] = await Promise.all([
    rowsOf<{ year: number; day: string; books: number | string }>(
      db.execute(sql`
        select i.year, to_char((i.paid_at at time zone 'Europe/London')::date, 'YYYY-MM-DD') as day, sum(i.quantity) as books
        from online_order_items i
        where i.account_id = ${accountId} and i.year <= ${upToYear}
          and i.type_product = ${productType.Yearbook} and i.paid_at is not null
        group by 1, 2`),
    ),
    rowsOf<{ year: number; opens_on: string | null }>(
      db.execute(sql`
        select year, to_char(opens_on, 'YYYY-MM-DD') as opens_on from store_statuses
        where account_id = ${accountId} and year <= ${upToYear}`),
    ),
    rowsOf<{ year: number; enrollment: number }>(
      db.execute(sql`
        select p.year, max(m.enrollment) as enrollment
        from projects p join project_meta m on m.project_id = p.id
        where p.account_id = ${accountId} and p.year <= ${upToYear} and m.enrollment > 0
        group by p.year`),
    ),
  ]);
  const sales = new Map<number, { date: string; books: number }[]>();
  for (const row of salesRows) {
    const year = Number(row.year);
    const list = sales.get(year) ?? [];
    list.push({ date: row.day, books: Number(row.books) });
    sales.set(year, list);
  }
  const opensOn = new Map<number, string>();
  for (const row of storeRows) if (row.opens_on) opensOn.set(Number(row.year), row.opens_on);
  for (const [year, list] of sales) {
    if (!opensOn.has(year)) {
      const [first] = list.map((sale) => sale.date).sort();
      if (first) opensOn.set(year, first);
    }
  }
  const enrollment = new Map(enrollmentRows.map((row) => [Number(row.year), Number(row.enrollment)]));
  return { opensOn, sales, enrollment };
}

/** Books sold in a season by a day of it. */
export function seasonSoldBy(seasons: SchoolSeasons, year: number, day: number): number {
  const opensOn = seasons.opensOn.get(year);
  if (!opensOn) return 0;
  let total = 0;
  for (const sale of seasons.sales.get(year) ?? []) if (seasonDay(opensOn, sale.date) <= day) total += sale.books;
  return total;
}

/** The past seasons (before `year`) as the forecast reads them at a day of the season. */
export function pastSeasonsAt(seasons: SchoolSeasons, year: number, day: number): PastSeason[] {
  return [...seasons.sales.keys()]
    .filter((past) => past < year)
    .sort((a, b) => a - b)
    .map((past) => ({
      year: past,
      finalSold: seasonSoldBy(seasons, past, Number.MAX_SAFE_INTEGER),
      soldBySameDay: seasonSoldBy(seasons, past, day),
      enrollment: seasons.enrollment.get(past) ?? null,
    }));
}

/** The copies ordered for the school's year: its orders' (not canceled), else its projects'. */
async function copiesOrdered(db: Db, accountId: number, year: number) {
  const [row] = await rowsOf<{ order_copies: number | string | null; project_copies: number | string | null }>(
    db.execute(sql`
      select
        (select sum(o.copies) from orders o join projects p on p.id = o.project_id
          where p.account_id = ${accountId} and p.year = ${year} and p.is_active
            and o.status <> ${orderStatus.CanceledInManufacturing}) as order_copies,
        (select sum(p.copies) from projects p where p.account_id = ${accountId} and p.year = ${year} and p.is_active) as project_copies`),
  );
  const orderCopies = row?.order_copies === null || row?.order_copies === undefined ? null : Number(row.order_copies);
  const projectCopies =
    row?.project_copies === null || row?.project_copies === undefined ? null : Number(row.project_copies);
  if (orderCopies !== null && orderCopies > 0) return { copiesOrdered: orderCopies, copiesSource: 'order' as const };
  if (projectCopies !== null && projectCopies > 0)
    return { copiesOrdered: projectCopies, copiesSource: 'project' as const };
  return { copiesOrdered: null, copiesSource: null };
}

export async function salesForecastOf(
  db: Db,
  viewer: Viewer,
  accountId: number,
  year: number,
  now: Date,
): Promise<SalesForecastAnswer> {
  const visible = oneAccountVisible(viewer, accountId);
  const [account] = await rowsOf<{ found: boolean }>(
    db.execute(
      sql`select exists (select 1 from accounts where id = ${accountId}${visible ? sql` and ${visible}` : sql``}) as found`,
    ),
  );
  if (!account?.found) throw notFound('The account');
  const seasons = await readSchoolSeasons(db, accountId, year);
  const opensOn = seasons.opensOn.get(year);
  const day = opensOn ? Math.max(0, seasonDay(opensOn, londonDate(now))) : 0;
  const soldSoFar = seasonSoldBy(seasons, year, day);
  const pastSeasons = pastSeasonsAt(seasons, year, day);
  const enrollment = seasons.enrollment.get(year) ?? null;
  const forecast = forecastSales({ soldSoFar, pastSeasons, enrollment });
  return {
    accountId,
    year,
    soldSoFar,
    seasonDay: day,
    ...forecast,
    ...(await copiesOrdered(db, accountId, year)),
    enrollment,
    pastSeasons: pastSeasons.filter((season) => season.finalSold > 0).length,
  };
}

export async function registerForecastRoutes(app: FastifyInstance) {
  implement(app, getSalesForecast, async function salesForecast(request) {
    const { db, auth } = requestContext(app, request);
    return salesForecastOf(db, auth, request.query.accountId, request.query.year, app.services.clock.now());
  });
}
