import { years } from '@colophon/domain';

/** The domain's years as picker options, newest first. */
export const yearOptions = [...years].reverse().map((year) => ({ value: String(year), label: String(year) }));
