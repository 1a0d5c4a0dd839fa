import { describe, expect, it } from 'vitest';
import { trackingUrl } from './tracking';

describe('trackingUrl (the carrier’s tracking page)', () => {
  it.each<[string, string | null, string | null, string | null]>([
    ['UPS', 'UPS', '1Z999AA10123456784', 'https://www.ups.com/track?tracknum=1Z999AA10123456784'],
    ['FedEx', 'FedEx', '123456789012', 'https://www.fedex.com/fedextrack/?trknbr=123456789012'],
    [
      'FedEx written apart, any case',
      'fed ex',
      '123456789012',
      'https://www.fedex.com/fedextrack/?trknbr=123456789012',
    ],
    [
      'USPS',
      'USPS',
      '9400111899223856928499',
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223856928499',
    ],
    [
      'Canada Post',
      'Canada Post',
      'LM123456789CA',
      'https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=LM123456789CA',
    ],
    ['spaces around the number are dropped', 'UPS', ' 1Z999AA1 ', 'https://www.ups.com/track?tracknum=1Z999AA1'],
    ['an unknown carrier has no link', 'Estes Freight', 'PRO-12345', null],
    ['no carrier', null, '1Z999AA10123456784', null],
    ['no number', 'UPS', null, null],
    ['a number with other characters has no link', 'UPS', '1Z?x=<script>', null],
    ['a number too short has no link', 'UPS', '1Z', null],
  ])('%s', (_name, carrier, number, expected) => {
    expect(trackingUrl(carrier, number)).toBe(expected);
  });
});
