/**
 * The carriers whose tracking pages we link to, by the names plants and people give them ('UPS',
 * 'FedEx', 'USPS', 'Canada Post'). Matched without case, spaces or punctuation, so 'Fed Ex' and
 * 'fedex' are one carrier. A carrier not listed (a freight line) has no link.
 */
const trackingPages: Readonly<Record<string, (trackingNumber: string) => string>> = {
  ups: (number) => `https://www.ups.com/track?tracknum=${number}`,
  fedex: (number) => `https://www.fedex.com/fedextrack/?trknbr=${number}`,
  usps: (number) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${number}`,
  canadapost: (number) => `https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=${number}`,
};

/** 'Fed Ex' → 'fedex'; the key a carrier's name is looked up by. */
const carrierKey = (carrier: string) => carrier.toLowerCase().replace(/[^a-z]/g, '');

/** A tracking number is letters, digits and dashes; anything else gets no link (it would not be one number). */
const TRACKING_NUMBER = /^[A-Za-z0-9-]{4,100}$/;

/** The carrier's tracking page for a tracking number, or null when the carrier is not one we know. */
export function trackingUrl(
  carrier: string | null | undefined,
  trackingNumber: string | null | undefined,
): string | null {
  if (!carrier || !trackingNumber) return null;
  const number = trackingNumber.trim();
  if (!TRACKING_NUMBER.test(number)) return null;
  const page = trackingPages[carrierKey(carrier)];
  return page ? page(encodeURIComponent(number)) : null;
}
