// The declaration travels with the module, so projects that import the API (bench) see it too.
/// <reference path="../../types/zipcodes.d.ts" />
import {
  getBusinessDays,
  getDpiCodes,
  getGroundShippingDays,
  getTurnTimes,
  quoteExpeditedShipping,
} from '@colophon/contract';
import { type Db, manufacturerClosures, manufacturers, manufacturerTurnTimes, manufacturingPlants } from '@colophon/db';
import {
  addBusinessDays,
  type BookTypeCode,
  bookType,
  type ClosedDay,
  dpiCodes,
  formatBusinessDate,
  groundTransitDays,
  londonDate,
  shippingQuoteOptions,
} from '@colophon/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZipCodeEntry } from 'zipcodes';
import { implement } from '../../engine/implement';
import { AppError, type FieldError, invalidField, notFound } from '../../errors';
import { takeHit } from '../../rate-limit';
import { federalHoliday } from './holidays';

const NO_SUCH_ZIP = 'No such ZIP code.';
const DATE_PASSED = 'The date has passed: choose a date from today on.';

/** The ZIP table is large: loaded on the first lookup, not at start-up. */
let zipTable: Promise<typeof import('zipcodes').default> | undefined;
const zipcodes = () => {
  zipTable ??= import('zipcodes').then((module) => module.default);
  return zipTable;
};

/**
 * The key `zipcodes` knows a code by: 5 digits of a US ZIP (ZIP+4 allowed), or the first three
 * characters (the FSA) of a Canadian postal code. Anything else is no code at all — so no input
 * ever reaches the table as an arbitrary property name.
 */
export function zipKeyOf(zip: string): string | null {
  const text = zip.trim().toUpperCase().replace(/\s+/g, '');
  if (/^\d{5}(-?\d{4})?$/.test(text)) return text.slice(0, 5);
  if (/^[A-Z]\d[A-Z](\d[A-Z]\d)?$/.test(text)) return text.slice(0, 3);
  return null;
}

async function lookupZip(zip: string): Promise<ZipCodeEntry | null> {
  const key = zipKeyOf(zip);
  if (!key) return null;
  return (await zipcodes()).lookup(key) ?? null;
}

async function milesBetween(fromZip: string, to: ZipCodeEntry): Promise<number> {
  const from = zipKeyOf(fromZip);
  const miles = from ? (await zipcodes()).distance(from, to.zip) : null;
  // The same point gives acos(1 + ε) = NaN: no distance at all.
  return miles !== null && Number.isFinite(miles) ? miles : 0;
}

/** Weekends aside, the days a manufacturer's plant does not work: federal holidays and its closures. */
async function closedDaysOf(db: Db, manufacturerId: number | null): Promise<ClosedDay> {
  const closures = new Map<string, string>();
  if (manufacturerId !== null) {
    const rows = await db
      .select({ date: manufacturerClosures.date, reason: manufacturerClosures.reason })
      .from(manufacturerClosures)
      .where(eq(manufacturerClosures.manufacturerId, manufacturerId));
    for (const row of rows) closures.set(row.date, row.reason ?? 'Plant closed');
  }
  return (date) => federalHoliday(date) ?? closures.get(date) ?? null;
}

async function manufacturerOf(db: Db, id: number) {
  const [row] = await db.select().from(manufacturers).where(eq(manufacturers.id, id));
  if (!row) throw notFound('Manufacturer');
  return row;
}

/** A manufacturer's turn time for a book type (a redo has its own); without a row, its standard one. */
async function turnTimeOf(db: Db, manufacturer: { id: number; turnTimeDays: number }, typeBook: number, redo: boolean) {
  const [row] = await db
    .select()
    .from(manufacturerTurnTimes)
    .where(
      and(eq(manufacturerTurnTimes.manufacturerId, manufacturer.id), eq(manufacturerTurnTimes.typeBook, typeBook)),
    );
  if (!row) return manufacturer.turnTimeDays;
  return redo ? row.redoTurnTimeDays : row.turnTimeDays;
}

/** Plants that have a ZIP, with it: only they can be an origin. */
async function plantsWithZip(db: Db) {
  const rows = await db.select().from(manufacturingPlants).orderBy(asc(manufacturingPlants.id));
  return rows.flatMap((plant) => (plant.zip ? [{ ...plant, zip: plant.zip }] : []));
}

/** Business days, turn times, ground transit, DPI codes and the public shipping calculator (issue 11). */
export async function registerOrderDateRoutes(app: FastifyInstance) {
  const { db, clock } = app.services;

  implement(app, getBusinessDays, async function businessDays(request) {
    const query = request.query;
    if (query.type_book !== undefined && query.manufacturer_id === undefined) {
      throw invalidField('manufacturer_id', 'Choose the manufacturer whose turn time to add.');
    }
    const manufacturer = query.manufacturer_id === undefined ? null : await manufacturerOf(db, query.manufacturer_id);
    const redo = query.is_redo === 'true' || query.is_redo === '1';
    const turnTimeDays =
      manufacturer && query.type_book !== undefined ? await turnTimeOf(db, manufacturer, query.type_book, redo) : 0;
    const start = query.start ?? londonDate(clock.now());
    const result = addBusinessDays(start, query.days + turnTimeDays, await closedDaysOf(db, manufacturer?.id ?? null));
    return {
      start,
      date: result.date,
      formatted: formatBusinessDate(result.date, query.format),
      days: query.days,
      turnTimeDays,
      skipped: result.skipped,
    };
  });

  implement(app, getTurnTimes, async function turnTimes(request) {
    const manufacturerId = request.query.manufacturer_id;
    if (manufacturerId !== undefined) await manufacturerOf(db, manufacturerId);
    const active = await db
      .select()
      .from(manufacturers)
      .where(
        manufacturerId === undefined
          ? eq(manufacturers.isActive, true)
          : and(eq(manufacturers.isActive, true), eq(manufacturers.id, manufacturerId)),
      )
      .orderBy(asc(manufacturers.code));
    const rows = active.length
      ? await db
          .select()
          .from(manufacturerTurnTimes)
          .where(
            inArray(
              manufacturerTurnTimes.manufacturerId,
              active.map((manufacturer) => manufacturer.id),
            ),
          )
      : [];
    const byKey = new Map(rows.map((row) => [`${row.manufacturerId}:${row.typeBook}`, row]));
    // Every book type: a type without its own row takes the manufacturer's standard turn time, as business_days does.
    const data = active.flatMap((manufacturer) =>
      bookType.codes.map((typeBook) => {
        const row = byKey.get(`${manufacturer.id}:${typeBook}`);
        return {
          manufacturerId: manufacturer.id,
          manufacturerCode: manufacturer.code,
          manufacturerName: manufacturer.name,
          typeBook,
          turnTimeDays: row?.turnTimeDays ?? manufacturer.turnTimeDays,
          redoTurnTimeDays: row?.redoTurnTimeDays ?? manufacturer.turnTimeDays,
        };
      }),
    );
    return { data };
  });

  implement(app, getDpiCodes, async function listDpiCodes() {
    return { data: dpiCodes.map((entry) => ({ ...entry })) };
  });

  implement(app, getGroundShippingDays, async function groundShippingDays(request) {
    const { zip, manufacturer_id: manufacturerId } = request.query;
    const destination = await lookupZip(zip);
    if (!destination) throw invalidField('zip', NO_SUCH_ZIP);
    const plants = await plantsWithZip(db);
    let candidates = plants;
    if (manufacturerId !== undefined) {
      const manufacturer = await manufacturerOf(db, manufacturerId);
      candidates = plants.filter((plant) => plant.id === manufacturer.plantId);
    }
    const nearest = await nearestPlant(candidates, destination);
    if (!nearest) throw notFound('A plant with a ZIP code');
    return {
      zip: destination.zip,
      city: destination.city,
      state: destination.state,
      plant: { id: nearest.plant.id, code: nearest.plant.code, name: nearest.plant.name },
      days: groundTransitDays(nearest.miles),
    };
  });

  implement(app, quoteExpeditedShipping, async function quoteShipping(request) {
    await takeHit(app.services, 'shippingCalculator', request.ip);
    const { typeBook, quantity, zip, neededBy } = request.body;
    const today = londonDate(clock.now());
    const destination = await lookupZip(zip);
    // Both problems at once, so the form marks every field to fix.
    const errors: FieldError[] = [];
    if (!destination) errors.push({ path: 'zip', message: NO_SUCH_ZIP });
    if (neededBy < today) errors.push({ path: 'neededBy', message: DATE_PASSED });
    if (!destination || errors.length) {
      throw new AppError('validation', errors.map((error) => `${error.path}: ${error.message}`).join(' '), { errors });
    }
    const maker = await fastestNearbyManufacturer(db, typeBook as BookTypeCode, destination);
    if (!maker) throw invalidField('typeBook', 'No plant makes this book type at the moment.');
    const shipDate = addBusinessDays(today, maker.turnTimeDays, await closedDaysOf(db, maker.manufacturer.id)).date;
    const options = shippingQuoteOptions({
      typeBook: typeBook as BookTypeCode,
      quantity,
      groundDays: groundTransitDays(maker.miles),
      canada: destination.country === 'Canada',
      shipDate,
      neededBy,
      // Carriers do not deliver on federal holidays; the plant's own closures do not stop them.
      isClosed: federalHoliday,
    });
    return {
      shipDate,
      turnTimeDays: maker.turnTimeDays,
      expedited: maker.expedited,
      destination: { zip: destination.zip, city: destination.city, state: destination.state },
      plant: { id: maker.plant.id, code: maker.plant.code, name: maker.plant.name },
      options,
    };
  });
}

async function nearestPlant<Plant extends { zip: string }>(plants: Plant[], destination: ZipCodeEntry) {
  let best: { plant: Plant; miles: number } | null = null;
  for (const plant of plants) {
    const miles = await milesBetween(plant.zip, destination);
    if (!best || miles < best.miles) best = { plant, miles };
  }
  return best;
}

/**
 * Who would make an expedited book: the active manufacturers serving the book type (a turn-time row
 * for it; when none has one, every active manufacturer), at the plant nearest the destination, the
 * quickest there. Its expedited turn time, or its standard one for the type when it has none.
 */
async function fastestNearbyManufacturer(db: Db, typeBook: BookTypeCode, destination: ZipCodeEntry) {
  const plants = await plantsWithZip(db);
  const active = await db
    .select()
    .from(manufacturers)
    .where(
      and(
        eq(manufacturers.isActive, true),
        inArray(
          manufacturers.plantId,
          plants.map((plant) => plant.id),
        ),
      ),
    );
  if (!active.length) return null;
  const typeRows = await db
    .select()
    .from(manufacturerTurnTimes)
    .where(
      and(
        eq(manufacturerTurnTimes.typeBook, typeBook),
        inArray(
          manufacturerTurnTimes.manufacturerId,
          active.map((manufacturer) => manufacturer.id),
        ),
      ),
    );
  const rowOf = new Map(typeRows.map((row) => [row.manufacturerId, row]));
  const serving = typeRows.length ? active.filter((manufacturer) => rowOf.has(manufacturer.id)) : active;
  const milesOf = new Map<number, number>();
  for (const plant of plants) milesOf.set(plant.id, await milesBetween(plant.zip, destination));
  const candidates = serving.map((manufacturer) => {
    const standard = rowOf.get(manufacturer.id)?.turnTimeDays ?? manufacturer.turnTimeDays;
    const expedited = manufacturer.expeditedTurnTimeDays;
    return {
      manufacturer,
      plant: plants.find((plant) => plant.id === manufacturer.plantId) ?? plants[0],
      miles: milesOf.get(manufacturer.plantId) ?? 0,
      turnTimeDays: expedited ?? standard,
      expedited: expedited !== null,
    };
  });
  candidates.sort(
    (a, b) => a.miles - b.miles || a.turnTimeDays - b.turnTimeDays || a.manufacturer.id - b.manufacturer.id,
  );
  const chosen = candidates[0];
  return chosen?.plant ? { ...chosen, plant: chosen.plant } : null;
}
