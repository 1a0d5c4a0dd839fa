import { createHash } from 'node:crypto';
import { CLIENT_ERROR_REPORTS_KEPT, clientErrorGroupKey, firstStackFrame } from '@colophon/domain';
import { inArray } from 'drizzle-orm';
import type { Db } from '../create-db';
import { clientErrorReports, clientErrors, users } from '../schema/index';

const HOUR = 3_600_000;
const app = 'https://colophon.example/assets';

/** A demo fault: its message, where it was thrown, how often, by whom, on which pages. */
interface DemoFault {
  message: (n: number) => string;
  stack: string;
  count: number;
  firstSeenHoursAgo: number;
  lastSeenHoursAgo: number;
  reporters: (string | null)[];
  urls: string[];
  context: string;
}

const faults: DemoFault[] = [
  {
    message: (n) => `Order ${1200 + n} has no shipment to show`,
    stack: `TypeError: Order has no shipment to show\n    at ShipmentPanel (${app}/OrderPage-4f2a.js:1:8812)\n    at renderWithHooks (${app}/index-9c1e.js:1:40211)\n    at updateFunctionComponent (${app}/index-9c1e.js:1:43790)\n    at beginWork (${app}/index-9c1e.js:1:51022)`,
    count: 42,
    firstSeenHoursAgo: 96,
    lastSeenHoursAgo: 1,
    reporters: ['adviser@colophon.test', 'owner@colophon.test', 'adviser@colophon.test'],
    urls: ['/admin/orders/1204', '/admin/orders/1219', '/admin/orders/1231'],
    context: 'react.uncaught',
  },
  {
    message: () => 'Flipbook page image failed to decode',
    stack: `EncodingError: Flipbook page image failed to decode\n    at FlipbookPage.decode (${app}/Flipbook-77b0.js:1:2290)\n    at async Promise.all (index 3)`,
    count: 17,
    firstSeenHoursAgo: 50,
    lastSeenHoursAgo: 5,
    reporters: ['volunteer@colophon.test', null],
    urls: ['/admin/proofs/31', '/admin/proofs/31'],
    context: 'unhandledrejection',
  },
  {
    message: () => 'Loading chunk PricingPage failed.',
    stack: `ChunkLoadError: Loading chunk PricingPage failed.\n    at lazyPage (${app}/index-9c1e.js:1:1880)`,
    count: 3,
    firstSeenHoursAgo: 30,
    lastSeenHoursAgo: 29,
    reporters: ['owner@colophon.test'],
    urls: ['/admin/super/pricing'],
    context: 'route',
  },
  {
    message: () => 'Sign-in form lost its session key',
    stack: `Error: Sign-in form lost its session key\n    at LoginPage.submit (${app}/LoginPage-1d3c.js:1:640)`,
    count: 2,
    firstSeenHoursAgo: 12,
    lastSeenHoursAgo: 3,
    reporters: [null],
    urls: ['/login'],
    context: 'window.error',
  },
];

/** Client errors grouped on the super page (issue 15): a few groups with counts and their latest reports. */
export async function seedClientErrors(db: Db, now = Date.now()): Promise<void> {
  const emails = [...new Set(faults.flatMap((fault) => fault.reporters).filter((email) => email !== null))];
  const people = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.email, emails));
  const byEmail = new Map(people.map((person) => [person.email, person]));
  for (const fault of faults) {
    const reports = fault.urls.map((path, index) => {
      const email = fault.reporters[index % fault.reporters.length] ?? null;
      const person = email ? byEmail.get(email) : undefined;
      const hoursAgo =
        fault.lastSeenHoursAgo +
        ((fault.urls.length - 1 - index) * (fault.firstSeenHoursAgo - fault.lastSeenHoursAgo)) /
          Math.max(1, fault.urls.length);
      return {
        message: fault.message(index),
        stack: fault.stack,
        context: fault.context,
        url: `https://colophon.example${path}`,
        userId: person?.id ?? null,
        userEmail: person?.email ?? null,
        userName: person ? `${person.firstName} ${person.lastName}`.trim() : null,
        userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
        ip: '198.51.100.20',
        createdAt: new Date(now - hoursAgo * HOUR),
      };
    });
    const last = reports.at(-1);
    const [group] = await db
      .insert(clientErrors)
      .values({
        fingerprint: createHash('sha256')
          .update(clientErrorGroupKey(fault.message(0), fault.stack))
          .digest('hex'),
        message: fault.message(0),
        firstFrame: firstStackFrame(fault.stack),
        count: fault.count,
        firstSeenAt: new Date(now - fault.firstSeenHoursAgo * HOUR),
        lastSeenAt: new Date(now - fault.lastSeenHoursAgo * HOUR),
        lastUserId: last?.userId ?? null,
        lastUrl: last?.url ?? null,
      })
      .returning({ id: clientErrors.id });
    if (!group) throw new Error('client error group insert returned nothing');
    await db
      .insert(clientErrorReports)
      .values(reports.slice(-CLIENT_ERROR_REPORTS_KEPT).map((report) => ({ ...report, groupId: group.id })));
  }
}
