import { type MobileYearbook, openMobileYearbook } from '@colophon/contract';
import { call } from '../../lib/call';

export const mobileYearbookApi = {
  /** Public: the receipt's code for the book's reading token and signed pages. */
  open: (code: string): Promise<MobileYearbook> => call(openMobileYearbook, { body: { code } }),
};
