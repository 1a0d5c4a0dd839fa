/** The year lists of part 9. */

/** Year pickers: 2016 to 2026. */
export const years = [2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026] as const;
export type Year = (typeof years)[number];

/** School years: 2015-2016 to 2025-2026. */
export const schoolYears = [
  '2015-2016',
  '2016-2017',
  '2017-2018',
  '2018-2019',
  '2019-2020',
  '2020-2021',
  '2021-2022',
  '2022-2023',
  '2023-2024',
  '2024-2025',
  '2025-2026',
] as const;
export type SchoolYear = (typeof schoolYears)[number];

/** Agreements are offered only for these school years, newest first. */
export const agreementYears = ['2025-2026', '2024-2025'] as const satisfies readonly SchoolYear[];

/** Store coupon (discount) years: 2019-2020 to 2025-2026. */
export const discountYears: readonly SchoolYear[] = schoolYears.slice(schoolYears.indexOf('2019-2020'));
