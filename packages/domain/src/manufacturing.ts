import { defineEnumeration } from './enumeration';

/**
 * Printer (part 3). The spec withholds the printers' names, so the labels are neutral and not
 * given by the spec. (Manufacturer codes, about 23 to 27, are not listed by the spec either.)
 */
export const printer = defineEnumeration([
  { code: 1, label: 'In-House Printing' },
  { code: 2, label: 'Partner Printer 2' },
  { code: 3, label: 'Partner Printer 3' },
] as const);
export type PrinterCode = (typeof printer.codes)[number];

/** Manufacturing plant (part 3). */
export const manufacturingPlant = defineEnumeration([
  { code: 'B', label: 'Beltsville' },
  { code: 'P', label: 'Phoenix' },
] as const);
export type ManufacturingPlantCode = (typeof manufacturingPlant.codes)[number];
