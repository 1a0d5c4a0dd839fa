// The order forecast replayed on the demo's past seasons (issue 12): for every school and every
// finished season (2024, 2025), the forecast as it would have been made at days 14, 30 and 60 of the
// season (from that season's curve so far, the school's earlier seasons and its enrollment),
// compared with the season's actual final books sold. Prints the mean absolute percentage error
// per checkpoint, and how often the final fell inside the forecast's range. Nothing is asserted.
//
// Run: bash scripts/with-node.sh npx tsx bench/forecast.bench.ts (PGlite in memory, the demo loaded
// first: a minute or two).
import { createDb, rowsOf, seedDemo } from '@colophon/db';
import { forecastSales } from '@colophon/domain';
import { sql } from 'drizzle-orm';
import { pastSeasonsAt, readSchoolSeasons, seasonSoldBy } from '../apps/api/src/modules/stores/forecast';

const CHECKPOINTS = [14, 30, 60] as const;
const FINISHED_SEASONS = [2024, 2025] as const;

interface Outcome {
  year: number;
  day: number;
  history: number;
  absolutePercentError: number;
  inRange: boolean;
}

async function main() {
  const handle = createDb();
  await handle.migrate();
  const started = Date.now();
  await seedDemo(handle.db, { password: 'colophon-demo', extraUsersPerSchool: 0 });
  console.log(`demo loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const schools = await rowsOf<{ account_id: number }>(
    handle.db.execute(sql`select distinct account_id from online_order_items order by account_id`),
  );
  const outcomes: Outcome[] = [];
  for (const { account_id: accountId } of schools) {
    for (const year of FINISHED_SEASONS) {
      const seasons = await readSchoolSeasons(handle.db, Number(accountId), year);
      const final = seasonSoldBy(seasons, year, Number.MAX_SAFE_INTEGER);
      if (final === 0) continue;
      for (const day of CHECKPOINTS) {
        const pastSeasons = pastSeasonsAt(seasons, year, day);
        const forecast = forecastSales({
          soldSoFar: seasonSoldBy(seasons, year, day),
          pastSeasons,
          enrollment: seasons.enrollment.get(year) ?? null,
        });
        outcomes.push({
          year,
          day,
          history: pastSeasons.filter((season) => season.finalSold > 0).length,
          absolutePercentError: Math.abs(forecast.forecast - final) / final,
          inRange: forecast.low <= final && final <= forecast.high,
        });
      }
    }
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
  const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
  console.log(`${schools.length} schools, ${outcomes.length / CHECKPOINTS.length} finished seasons replayed`);
  console.log('checkpoint  seasons  MAPE      in range   (with history: MAPE)  (no history: MAPE)');
  for (const day of CHECKPOINTS) {
    const at = outcomes.filter((outcome) => outcome.day === day);
    const withHistory = at.filter((outcome) => outcome.history > 0);
    const without = at.filter((outcome) => outcome.history === 0);
    console.log(
      [
        `day ${String(day).padEnd(7)}`,
        String(at.length).padEnd(8),
        percent(mean(at.map((o) => o.absolutePercentError))).padEnd(9),
        percent(at.filter((o) => o.inRange).length / Math.max(1, at.length)).padEnd(10),
        `${percent(mean(withHistory.map((o) => o.absolutePercentError)))} (${withHistory.length})`.padEnd(21),
        `${percent(mean(without.map((o) => o.absolutePercentError)))} (${without.length})`,
      ].join(' '),
    );
  }
  await handle.close();
}

await main();
