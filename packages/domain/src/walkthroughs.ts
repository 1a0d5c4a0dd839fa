/**
 * The guided walkthrough tours of spec part 1: proofs, agreements, accounts, users, orders, online
 * sales, software and product pricing. Each tour belongs to one page; each step points at an element
 * carrying `data-tour="<target>"`. The web app shows them (driver.js); the API keeps, per user, which
 * tours were finished or ended, and refuses an id that is not one of these.
 */

/** What became of a tour for a user: 'finished' (Finish on the last step) or 'ended' (End Walkthrough or Close). */
export const walkthroughOutcomes = ['finished', 'ended'] as const;
export type WalkthroughOutcome = (typeof walkthroughOutcomes)[number];

export interface WalkthroughStep {
  /** The `data-tour` value of the element the step points at. */
  readonly target: string;
  readonly title: string;
  readonly text: string;
}

export interface Walkthrough {
  readonly id: string;
  readonly title: string;
  /** The page (pathname) the tour runs on; `/admin/accounts/*` is any page under it. */
  readonly page: string;
  readonly steps: readonly WalkthroughStep[];
}

/** The `data-tour` value of the navigation's link to `path`: `/admin/online-sales/orders` → `nav-online-sales-orders`. */
export function navigationTarget(path: string): string {
  return `nav-${path
    .replace(/^\/admin\//, '')
    .replace(/[^a-z0-9]+/gi, '-')
    .toLowerCase()}`;
}

/** The `data-tour` value of a record page's tab (`tab-proofs`). */
export function tabTarget(tab: string): string {
  return `tab-${tab}`;
}

/** Targets that are not a navigation link or a tab. */
export const walkthroughTargets = {
  /** The header's help menu, where every walkthrough of the page can be started again. */
  helpMenu: 'help-menu',
  /** A list page's table. */
  list: 'data-table',
  /** A list page's "New <noun>" button. */
  addRecord: 'add-record',
  /** The software a school builds its book with, on an account's profile. */
  softwareCard: 'software-card',
} as const;

const HOME = '/admin/profile';
const nav = navigationTarget;
const { helpMenu, list, addRecord, softwareCard } = walkthroughTargets;

export const walkthroughs = [
  {
    id: 'getting-around',
    title: 'Getting around',
    page: HOME,
    steps: [
      {
        target: nav('/admin/my-account'),
        title: 'My Account',
        text: 'Your school or studio: its proofs, orders, sales and store.',
      },
      {
        target: nav('/admin/proofs'),
        title: 'Proofs',
        text: 'Every proof of your books, to review, approve or send back.',
      },
      { target: nav('/admin/orders'), title: 'Order Status', text: 'Where each order sent to the printer stands.' },
      { target: nav('/admin/online-sales'), title: 'Online Sales', text: 'What families bought in your online store.' },
      { target: nav('/admin/agreements'), title: 'Agreements', text: 'The printing agreements signed for each year.' },
      { target: helpMenu, title: 'Help', text: 'Start any walkthrough of a page again from here.' },
    ],
  },
  {
    id: 'agreements',
    title: 'Agreements',
    page: HOME,
    steps: [
      {
        target: nav('/admin/agreements'),
        title: 'Agreements',
        text: 'Read and sign the printing agreement for the coming year here.',
      },
    ],
  },
  {
    id: 'my-account',
    title: 'Your account',
    page: '/admin/my-account',
    steps: [
      {
        target: nav('/admin/my-account'),
        title: 'My Account',
        text: 'This page is your own account; it is always one click away.',
      },
      { target: tabTarget('proofs'), title: 'Proofs', text: "The proofs of your account's books." },
      { target: tabTarget('orders'), title: 'Orders', text: 'The orders placed for your books and where they stand.' },
      { target: tabTarget('sales'), title: 'Sales', text: 'What your online store sold, by product and by day.' },
      { target: tabTarget('store'), title: 'Store', text: 'Your online store: its products, prices and dates.' },
    ],
  },
  {
    id: 'my-account-software',
    title: 'Your software',
    page: '/admin/my-account',
    steps: [
      {
        target: softwareCard,
        title: 'Software',
        text: 'The software your book is built with. Proofs and orders come from it.',
      },
    ],
  },
  {
    id: 'proofs',
    title: 'Proofs',
    page: '/admin/proofs',
    steps: [
      { target: nav('/admin/proofs'), title: 'Proofs', text: 'Every proof you may review, newest first.' },
      {
        target: list,
        title: 'The list',
        text: 'Filter by status or search by name; open a proof to review its pages.',
      },
    ],
  },
  {
    id: 'proof-upload',
    title: 'Uploading a proof',
    page: '/admin/upload',
    steps: [
      {
        target: nav('/admin/upload'),
        title: 'Upload Proof',
        text: 'Send a PDF of your book; it is checked and turned into pages to review.',
      },
    ],
  },
  {
    id: 'accounts',
    title: 'Accounts',
    page: '/admin/accounts',
    steps: [
      { target: nav('/admin/accounts'), title: 'Accounts', text: 'The studios and schools you look after.' },
      {
        target: list,
        title: 'The list',
        text: 'Search by name or code; open an account to see its projects, proofs and orders.',
      },
      { target: addRecord, title: 'New account', text: 'Add a school or studio here.' },
    ],
  },
  {
    id: 'account-software',
    title: "An account's software",
    page: '/admin/accounts/*',
    steps: [
      {
        target: softwareCard,
        title: 'Software',
        text: 'The software this account builds its books with; its proofs come from there.',
      },
    ],
  },
  {
    id: 'users',
    title: 'Users',
    page: '/admin/users',
    steps: [
      { target: nav('/admin/users'), title: 'Users', text: 'The people who sign in to your accounts.' },
      {
        target: list,
        title: 'The list',
        text: 'Find someone by name or e-mail; open them to change their role or accounts.',
      },
      { target: addRecord, title: 'New user', text: 'Invite someone: they get an e-mail to choose a password.' },
    ],
  },
  {
    id: 'projects',
    title: 'Project records',
    page: '/admin/projects',
    steps: [
      {
        target: nav('/admin/projects'),
        title: 'Project Records',
        text: 'Each book of each year, with its specification and deadlines.',
      },
      { target: list, title: 'The list', text: 'Filter by year, book type or software.' },
    ],
  },
  {
    id: 'orders',
    title: 'Order status',
    page: '/admin/orders',
    steps: [
      { target: nav('/admin/orders'), title: 'Order Status', text: 'Every order sent to the printer.' },
      {
        target: list,
        title: 'The list',
        text: "Each order's status, ship date and tracking; open one for its details.",
      },
    ],
  },
  {
    id: 'order-admin',
    title: 'Order admin',
    page: '/admin/super/order-admin',
    steps: [
      {
        target: nav('/admin/super/order-admin'),
        title: 'Order Admin',
        text: 'Move, hold and send orders to the plants.',
      },
      { target: list, title: 'The list', text: 'Filter the orders to act on; open one for its job ticket.' },
    ],
  },
  {
    id: 'online-sales',
    title: 'Online sales',
    page: '/admin/online-sales',
    steps: [
      { target: nav('/admin/online-sales'), title: 'Online Sales', text: 'What your online store sold.' },
      {
        target: nav('/admin/online-sales/orders'),
        title: 'Online Orders',
        text: "Each family's order, its receipt and refunds.",
      },
      {
        target: nav('/admin/online-sales/store'),
        title: 'Store Setup',
        text: "Products, prices and the store's dates.",
      },
    ],
  },
  {
    id: 'online-orders',
    title: 'Online orders',
    page: '/admin/online-sales/orders',
    steps: [
      {
        target: list,
        title: 'Online orders',
        text: 'Search by buyer or student; open an order to resend its receipt or refund it.',
      },
    ],
  },
  {
    id: 'store-setup',
    title: 'Store setup',
    page: '/admin/online-sales/store',
    steps: [
      {
        target: nav('/admin/online-sales/store'),
        title: 'Store Setup',
        text: 'Open your store, choose what it sells and when.',
      },
    ],
  },
  {
    id: 'customer-pricing',
    title: 'Product pricing',
    page: '/admin/super/customer-pricing',
    steps: [
      {
        target: nav('/admin/super/customer-pricing'),
        title: 'Customer Pricing',
        text: 'The price lists of each designation, by year.',
      },
      { target: addRecord, title: 'Add a price', text: "Add a line to the year's price list." },
    ],
  },
  {
    id: 'pricing-adjustments',
    title: 'Pricing adjustments',
    page: '/admin/super/pricing-adjustments',
    steps: [
      {
        target: nav('/admin/super/pricing-adjustments'),
        title: 'Pricing Adjustments',
        text: 'Discounts and surcharges applied to a quote.',
      },
      { target: addRecord, title: 'Add an adjustment', text: 'Add an adjustment for an account or a designation.' },
    ],
  },
] as const satisfies readonly Walkthrough[];

export type WalkthroughId = (typeof walkthroughs)[number]['id'];

export const walkthroughIds: readonly WalkthroughId[] = walkthroughs.map((tour) => tour.id);

export function isWalkthroughId(value: string): value is WalkthroughId {
  return (walkthroughIds as readonly string[]).includes(value);
}

export function walkthroughById(id: string): Walkthrough | undefined {
  return walkthroughs.find((tour) => tour.id === id);
}

/** Whether a tour belongs to the page at `pathname` (`/admin/accounts/*` is every page under `/admin/accounts/`). */
export function walkthroughAppliesTo(tour: Pick<Walkthrough, 'page'>, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (tour.page.endsWith('/*')) return path.startsWith(tour.page.slice(0, -1));
  return path === tour.page;
}

/** The tours of a page, in the catalogue's order. */
export function walkthroughsOf(pathname: string): Walkthrough[] {
  return walkthroughs.filter((tour) => walkthroughAppliesTo(tour, pathname));
}

/**
 * The steps that can be shown: those whose target is on the page. A missing target's step is
 * skipped, not broken; a tour left with none does not start.
 */
export function presentSteps(
  tour: Pick<Walkthrough, 'steps'>,
  isPresent: (target: string) => boolean,
): WalkthroughStep[] {
  return tour.steps.filter((step) => isPresent(step.target));
}

/**
 * The tour to start by itself on a page: the first of the page's tours that this user has neither
 * finished nor ended and that has at least one step on the page. One a visit: the next waits for
 * the next visit.
 */
export function walkthroughToStart(
  pathname: string,
  done: ReadonlySet<string>,
  isPresent: (target: string) => boolean,
): { tour: Walkthrough; steps: WalkthroughStep[] } | null {
  for (const tour of walkthroughsOf(pathname)) {
    if (done.has(tour.id)) continue;
    const steps = presentSteps(tour, isPresent);
    if (steps.length > 0) return { tour, steps };
  }
  return null;
}
