import { describe, expect, it } from 'vitest';
import { accountType, whereCreated } from './accounts';
import {
  bookSize,
  bookType,
  coverApplication,
  coverBoardWeight,
  coverStyle,
  coverType,
  customPages,
  endsheet,
  finish,
  personalization,
  salesRepBookTypes,
} from './books';
import { theme } from './constants';
import { country } from './countries';
import { type Enumeration, entryName } from './enumeration';
import { manufacturingPlant, printer } from './manufacturing';
import { marketingCampaignStatus } from './marketing';
import {
  cardBrand,
  commissionTier,
  discountType,
  invoiceProductType,
  onlineOrderPayment,
  pricingAdjustmentType,
  pricingDesignation,
  requestStatus,
  studioPayment,
} from './money';
import { notificationType } from './notifications';
import { orderStatus, orderType } from './orders';
import {
  customParentPagesSubType,
  dedicationAdSize,
  envelope,
  productShipping,
  productType,
  yearbookAdSubType,
} from './products';
import { internalProofStatus, proofStatus } from './proofs';
import { proofProcessingStatus } from './proofUploads';
import { queueStatus } from './queues';
import { userRole } from './roles';
import { rosterExportColumn, rosterExportLayout, rosterExportSort } from './rosterExports';
import { rosterGrade } from './rosterGrades';
import { rosterJobKind } from './rosterJobs';
import { rosterPersonSource, rosterPersonStatus, rosterRelationKind, rosterRole } from './rosterPeople';
import { rosterSignatureMethod } from './rosterSync';
import { dock, onlineOrderShipping, shippingMethod } from './shipping';
import { creationKitDestination, credentialsDestination, softwareType } from './software';
import { timeZone } from './timeZones';

const enumerations: Record<string, Enumeration<string | number>> = {
  accountType,
  whereCreated,
  userRole,
  orderStatus,
  orderType,
  proofStatus,
  internalProofStatus,
  proofProcessingStatus,
  queueStatus,
  bookType,
  coverType,
  coverStyle,
  coverBoardWeight,
  coverApplication,
  endsheet,
  finish,
  bookSize,
  personalization,
  customPages,
  softwareType,
  credentialsDestination,
  creationKitDestination,
  printer,
  manufacturingPlant,
  productType,
  yearbookAdSubType,
  customParentPagesSubType,
  productShipping,
  dedicationAdSize,
  envelope,
  invoiceProductType,
  onlineOrderPayment,
  onlineOrderShipping,
  discountType,
  pricingAdjustmentType,
  commissionTier,
  requestStatus,
  marketingCampaignStatus,
  pricingDesignation,
  studioPayment,
  cardBrand,
  shippingMethod,
  dock,
  notificationType,
  country,
  timeZone,
  theme,
  rosterGrade,
  rosterRole,
  rosterPersonStatus,
  rosterPersonSource,
  rosterRelationKind,
  rosterJobKind,
  rosterExportColumn,
  rosterExportLayout,
  rosterExportSort,
  rosterSignatureMethod,
};

describe('every enumeration is declared once, code → label', () => {
  it.each(Object.entries(enumerations))('%s has unique codes and a label for each', (_name, enumeration) => {
    expect(new Set(enumeration.codes.map(String)).size).toBe(enumeration.codes.length);
    for (const entry of enumeration.entries) expect(entry.label.trim()).not.toBe('');
  });

  it.each(Object.entries(enumerations))('%s names each code whose label is a word', (_name, enumeration) => {
    const named = enumeration as unknown as Record<string, unknown>;
    for (const entry of enumeration.entries) {
      const name = entryName(entry);
      if (name !== undefined) expect(named[name]).toBe(entry.code);
    }
  });
});

// Every row quotes part 3 of the spec.
const specLabels: [string, Enumeration<string | number>, string | number, string][] = [
  ['Account type: 10 Sales Rep / Branch Office', accountType, 10, 'Sales Rep / Branch Office'],
  ['Account type: 13 Other', accountType, 13, 'Other'],
  ['Where created: 1 School', whereCreated, 1, 'School'],
  ['Where created: 2 Studio', whereCreated, 2, 'Studio'],
  ['Order and shipment status: -2 Error', orderStatus, -2, 'Error'],
  ['Order and shipment status: 8 Both Copies Delivered', orderStatus, 8, 'Both Copies Delivered'],
  ['Order and shipment status: 12 Lost in Transit', orderStatus, 12, 'Lost in Transit'],
  ['Order type: 5 Summer single (ship to home)', orderType, 5, 'Summer Single (Ship to Home)'],
  ['Proof status: 1 Needs Review', proofStatus, 1, 'Needs Review'],
  ['Internal proof status: 8 Customer Approves as Is', internalProofStatus, 8, 'Customer Approves as Is'],
  ['Queue status: 5 Addressed', queueStatus, 5, 'Addressed'],
  ['Book type: 10 Side Sewn Hard Cover', bookType, 10, 'Side Sewn Hard Cover'],
  ['Cover type: 2 Duplex', coverType, 2, 'Duplex'],
  ['Cover style: 1 Standard Printed (Litho)', coverStyle, 1, 'Standard Printed (Litho)'],
  ['Cover board weight: 0 N/A', coverBoardWeight, 0, 'N/A'],
  ['Cover board weight: 100pt', coverBoardWeight, 100, '100pt'],
  ['Cover board weight: 120pt', coverBoardWeight, 120, '120pt'],
  ['Cover application: 3 Spot UV', coverApplication, 3, 'Spot UV'],
  ['Cover application: 13 Other foil', coverApplication, 13, 'Other Foil'],
  ['Endsheet: 2 front only', endsheet, 2, 'Front Only'],
  ['Finish: 1 UV Gloss', finish, 1, 'UV Gloss'],
  ['Finish: 4 Laminate Matte', finish, 4, 'Laminate Matte'],
  ['Size: 11 = 11.5x8.5', bookSize, 11, '11.5 x 8.5'],
  ['Personalization: 4 name and icons', personalization, 4, 'Name and Icons'],
  ['Custom pages: 4', customPages, 4, '4 Pages'],
  ['Software: 0 None/PDF submission', softwareType, 0, 'None / PDF Submission'],
  ['Software: 9 Store Only', softwareType, 9, 'Store Only'],
  ['Software credentials go to: 2 studio only', credentialsDestination, 2, 'Studio Only'],
  ['Creation kit destination: 2 studio or yearbook rep', creationKitDestination, 2, 'Studio or Yearbook Rep'],
  ['Dock: 0 unknown', dock, 0, 'Unknown'],
  ['Product type: 8 Custom Parent Pages', productType, 8, 'Custom Parent Pages'],
  ['Sub types for type 2: 3 Graduation Ad', yearbookAdSubType, 3, 'Graduation Ad'],
  ['Sub types for type 8: 4 Pages', customParentPagesSubType, 4, '4 Pages'],
  ['Product shipping: 2 summer single book', productShipping, 2, 'Summer Single Book'],
  ['Dedication ad size: 4 eighth page', dedicationAdSize, 4, 'Eighth Page'],
  ['Envelope: 2 printed', envelope, 2, 'Printed'],
  ['Invoice product type: 6 Software Licenses', invoiceProductType, 6, 'Software Licenses'],
  ['Online order payment: 4 cash', onlineOrderPayment, 4, 'Cash'],
  ['Online order shipping: 3 bulk to home', onlineOrderShipping, 3, 'Bulk to Home'],
  ['Discount type: 1 percentage', discountType, 1, 'Percentage'],
  ['Pricing adjustment: 4 free books', pricingAdjustmentType, 4, 'Free Books'],
  ['Commission: 25 percent', commissionTier, 25, '25%'],
  ['Fund request status: 0 Waiting', requestStatus, 0, 'Waiting'],
  ['Fund request status: 2 Complete', requestStatus, 2, 'Complete'],
  ['Marketing campaign status: -1 None', marketingCampaignStatus, -1, 'None'],
  ['Marketing campaign status: 1 Running', marketingCampaignStatus, 1, 'Running'],
  ['Pricing binding designations: R is Project Yearbooks', pricingDesignation, 'R', 'Project Yearbooks'],
  ['Pricing binding designations: S is Sunset', pricingDesignation, 'S', 'Sunset'],
  ['Pricing binding designations: J is deprecated', pricingDesignation, 'J', 'Deprecated'],
  ['Pricing binding designations: K is the 10 percent tier', pricingDesignation, 'K', 'Commission 10%'],
  ['Pricing binding designations: O is the 0 percent tier', pricingDesignation, 'O', 'Commission 0%'],
  ['Studio payment: ACH', studioPayment, 'ach', 'ACH'],
  ['Manufacturing plant: B Beltsville', manufacturingPlant, 'B', 'Beltsville'],
  ['Manufacturing plant: P Phoenix', manufacturingPlant, 'P', 'Phoenix'],
  ['Card brands: amex', cardBrand, 'amex', 'American Express'],
  ['Shipping method: FG FedEx Ground', shippingMethod, 'FG', 'FedEx Ground'],
  ['Shipping method: UG UPS Ground', shippingMethod, 'UG', 'UPS Ground'],
  ['Shipping method: GC UPS Ground', shippingMethod, 'GC', 'UPS Ground'],
  ['Shipping method: FC First Class', shippingMethod, 'FC', 'First Class'],
  ['Shipping method: PR Priority Mail', shippingMethod, 'PR', 'Priority Mail'],
  ['Shipping method: PP Plant Pickup', shippingMethod, 'PP', 'Plant Pickup'],
  ['Shipping method: PA Pre Addressed Ship-to-Home', shippingMethod, 'PA', 'Pre Addressed Ship-to-Home'],
  ['Shipping method: NS TBD', shippingMethod, 'NS', 'TBD'],
  ['Shipping method: DL Consolidated', shippingMethod, 'DL', 'Consolidated'],
  ['Notification type: 1 Proof Ready', notificationType, 1, 'Proof Ready'],
  ['Notification type: 2 Proof Rejected', notificationType, 2, 'Proof Rejected'],
  ['Notification type: 4 Proof Approved', notificationType, 4, 'Proof Approved'],
  ['Notification type: 5 Order Submitted', notificationType, 5, 'Order Submitted'],
  ['Notification type: 6 Order Shipped', notificationType, 6, 'Order Shipped'],
  ['Notification type: 7 Order Delivered', notificationType, 7, 'Order Delivered'],
  ['Notification type: 87 Order Cancelled', notificationType, 87, 'Order Cancelled'],
  ['Notification type: 97 account software changed', notificationType, 97, 'Account Software Changed'],
  ['Notification type: 101 personalized order submitted', notificationType, 101, 'Personalized Order Submitted'],
  ['Notification type: 105 EPUB Ready', notificationType, 105, 'EPUB Ready'],
  ['Notification type: 107 LTL ready', notificationType, 107, 'LTL Ready'],
  ['Notification type: 108 freight order shipped', notificationType, 108, 'Freight Order Shipped'],
  ['Notification type: 109 freight order delivered', notificationType, 109, 'Freight Order Delivered'],
  ['Notification type: 110 Proof Passed Technical Review', notificationType, 110, 'Proof Passed Technical Review'],
  ['Countries: United States', country, 'US', 'United States'],
  ['Time zones: Hawaii', timeZone, 'HST', 'Hawaii'],
];

describe('labels quoted from part 3', () => {
  it.each(specLabels)('%s', (_quote, enumeration, code, label) => {
    expect(enumeration.label(code)).toBe(label);
  });
});

describe('unknown codes (part 3)', () => {
  it.each([
    { name: 'an unknown notification code shows Unknown', actual: notificationType.label(99), expected: 'Unknown' },
    { name: 'a missing notification code shows Unknown', actual: notificationType.label(null), expected: 'Unknown' },
    { name: 'an unknown shipping method shows as the code itself', actual: shippingMethod.label('ZZ'), expected: 'ZZ' },
  ])('$name', ({ actual, expected }) => {
    expect(actual).toBe(expected);
  });
});

describe('part 3 list shapes', () => {
  it('has about 70 notification codes from 1 to 110', () => {
    expect(notificationType.codes.length).toBeGreaterThanOrEqual(60);
    expect(notificationType.codes.length).toBeLessThanOrEqual(80);
    expect(Math.min(...notificationType.codes)).toBe(1);
    expect(Math.max(...notificationType.codes)).toBe(110);
  });

  it('names the error and warning notifications: invalid cover or page dimensions, invalid page count, no files uploaded and processor error', () => {
    const labels = notificationType.entries.map((entry) => entry.label);
    expect(labels).toEqual(
      expect.arrayContaining([
        'Invalid Cover Dimensions',
        'Invalid Page Dimensions',
        'Invalid Page Count',
        'No Files Uploaded',
        'Processor Error',
      ]),
    );
  });

  it('has cover application codes 0 to 13', () => {
    expect(coverApplication.codes).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  });

  it('has finish codes 1 to 4, 6 to 8 and the printer-specific 94 to 99', () => {
    expect(finish.codes).toEqual([1, 2, 3, 4, 6, 7, 8, 94, 95, 96, 97, 98, 99]);
  });

  it('has pricing binding designations A to S', () => {
    expect(pricingDesignation.codes.join('')).toBe('ABCDEFGHIJKLMNOPQRS');
  });

  it('has software codes 0 to 10', () => {
    expect(softwareType.codes).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('offers only book types 1, 2, 3, 5, 9 and 10 in the sales-rep view', () => {
    expect(bookType.options(salesRepBookTypes).map((option) => option.label)).toEqual([
      'Saddle Stitched',
      'Saddle Stitched B&W',
      'Soft Cover Perfect Bound',
      'Standard Hard Cover',
      'Smyth Hard Cover',
      'Side Sewn Hard Cover',
    ]);
  });
});
