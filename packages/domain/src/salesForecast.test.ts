import { describe, expect, it } from 'vitest';
import { forecastSales, type PastSeason, seasonDay, soldByDay } from './salesForecast';

const season = (
  finalSold: number,
  soldBySameDay: number,
  enrollment: number | null = null,
  year = 2024,
): PastSeason => ({
  year,
  finalSold,
  soldBySameDay,
  enrollment,
});

describe('forecastSales', () => {
  it.each([
    // case, soldSoFar, past seasons, enrollment, forecast, low, high, basis starts
    ['nothing known: what is sold so far, ±20 %', 50, [], null, 50, 50, 60, 'No history'],
    ['enrollment alone: 40 % sell-through, ±20 %', 0, [], 500, 200, 160, 240, 'Enrollment of 500 × 40 %'],
    [
      'three seasons: sold ÷ median share, range from the extreme shares',
      100,
      [season(100, 50), season(100, 40), season(100, 60)],
      null,
      200,
      166,
      250,
      'Sold so far ÷ the median share sold by this day in 3 past seasons',
    ],
    [
      'three seasons and enrollment: the curve alone',
      100,
      [season(100, 50, 300), season(100, 40, 300), season(100, 60, 300)],
      1000,
      200,
      166,
      250,
      'Sold so far',
    ],
    [
      'one season: a third the curve, two thirds enrollment × its sell-through',
      60,
      [season(200, 100, 500)],
      500,
      173,
      138,
      208,
      '33 % the pace of 1 past season, 67 % enrollment × 40 %',
    ],
    [
      'early in the season: half the curve',
      10,
      [season(100, 10, 250), season(100, 10, 250), season(100, 10, 250)],
      300,
      110,
      95,
      125,
      '50 % the pace',
    ],
    ['never below what is sold', 150, [season(100, 100), season(100, 100)], null, 150, 150, 158, 'Sold so far'],
    ['past seasons with nothing sold by this day are ignored', 20, [season(100, 0)], null, 20, 20, 24, 'No history'],
  ] as const)('%s', (_, soldSoFar, pastSeasons, enrollment, forecast, low, high, basis) => {
    const result = forecastSales({ soldSoFar, pastSeasons, enrollment });
    expect(result).toMatchObject({ forecast, low, high });
    expect(result.basis.startsWith(basis)).toBe(true);
    expect(Number.isInteger(result.forecast) && Number.isInteger(result.low) && Number.isInteger(result.high)).toBe(
      true,
    );
  });
});

describe('season curves', () => {
  it('adds the books sold up to a day, sales before opening on day 0', () => {
    const sales = [
      { day: 5, books: 3 },
      { day: -2, books: 1 },
      { day: 30, books: 10 },
    ];
    expect([soldByDay(sales, 0), soldByDay(sales, 5), soldByDay(sales, 29), soldByDay(sales, 30)]).toEqual([
      1, 4, 4, 14,
    ]);
  });

  it.each([
    ['2025-09-01', '2025-09-01', 0],
    ['2025-09-01', '2025-10-01', 30],
    ['2025-09-01', '2025-08-31', -1],
    // Across the change to winter time the day count stays whole.
    ['2025-10-20', '2025-11-03', 14],
  ])('day of %s at %s is %i', (opensOn, date, day) => {
    expect(seasonDay(opensOn, date)).toBe(day);
  });
});
