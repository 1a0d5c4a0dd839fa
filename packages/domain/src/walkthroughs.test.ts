import { describe, expect, it } from 'vitest';
import { adminPages } from './pages';
import {
  isWalkthroughId,
  navigationTarget,
  presentSteps,
  walkthroughAppliesTo,
  walkthroughIds,
  walkthroughs,
  walkthroughsOf,
  walkthroughToStart,
} from './walkthroughs';

const on =
  (...targets: string[]) =>
  (target: string) =>
    targets.includes(target);

describe('the walkthrough catalogue (spec part 1)', () => {
  it('has about 17 tours, each id once, each with steps', () => {
    expect(walkthroughs.length).toBe(17);
    expect(new Set(walkthroughIds).size).toBe(walkthroughIds.length);
    for (const tour of walkthroughs) expect(tour.steps.length).toBeGreaterThan(0);
  });

  it('covers the areas the spec names', () => {
    const titles = walkthroughs.map((tour) => tour.title.toLowerCase()).join(' | ');
    for (const area of ['proofs', 'agreements', 'accounts', 'users', 'order', 'online sales', 'software', 'pricing']) {
      expect(titles).toContain(area);
    }
  });

  it('points at the navigation links of pages of the catalogue (agreements is the one not built yet)', () => {
    const navigationTargets = new Set(adminPages.map((page) => navigationTarget(page.path)));
    const unknown = walkthroughs
      .flatMap((tour) => tour.steps.map((step) => step.target))
      .filter((target) => target.startsWith('nav-') && !navigationTargets.has(target));
    expect([...new Set(unknown)]).toEqual(['nav-agreements']);
  });
});

describe('navigationTarget', () => {
  it.each([
    ['/admin/accounts', 'nav-accounts'],
    ['/admin/online-sales/orders', 'nav-online-sales-orders'],
    ['/admin/submission_status', 'nav-submission-status'],
    ['/admin/super/customer-pricing', 'nav-super-customer-pricing'],
  ])('%s → %s', (path, expected) => {
    expect(navigationTarget(path)).toBe(expected);
  });
});

describe('isWalkthroughId', () => {
  it.each([
    ['proofs', true],
    ['getting-around', true],
    ['Proofs', false],
    ['', false],
    ['nope', false],
  ])('%s → %s', (value, expected) => {
    expect(isWalkthroughId(value)).toBe(expected);
  });
});

describe('walkthroughAppliesTo', () => {
  it.each([
    { page: '/admin/accounts', pathname: '/admin/accounts', expected: true },
    { page: '/admin/accounts', pathname: '/admin/accounts/', expected: true },
    { page: '/admin/accounts', pathname: '/admin/accounts/12', expected: false },
    { page: '/admin/accounts/*', pathname: '/admin/accounts/12', expected: true },
    { page: '/admin/accounts/*', pathname: '/admin/accounts', expected: false },
    { page: '/admin/online-sales', pathname: '/admin/online-sales/orders', expected: false },
  ])('$page on $pathname: $expected', ({ page, pathname, expected }) => {
    expect(walkthroughAppliesTo({ page }, pathname)).toBe(expected);
  });

  it("lists a page's tours in catalogue order", () => {
    expect(walkthroughsOf('/admin/my-account').map((tour) => tour.id)).toEqual(['my-account', 'my-account-software']);
    expect(walkthroughsOf('/admin/nowhere')).toEqual([]);
  });
});

describe('presentSteps: a step whose target is missing is skipped', () => {
  const tour = {
    steps: [
      { target: 'a', title: 'A', text: 'a' },
      { target: 'b', title: 'B', text: 'b' },
      { target: 'c', title: 'C', text: 'c' },
    ],
  };
  it.each([
    { present: ['a', 'b', 'c'], expected: ['a', 'b', 'c'] },
    { present: ['a', 'c'], expected: ['a', 'c'] },
    { present: ['c'], expected: ['c'] },
    { present: ['x'], expected: [] },
    { present: [], expected: [] },
  ])('with $present on the page: $expected', ({ present, expected }) => {
    expect(presentSteps(tour, on(...present)).map((step) => step.target)).toEqual(expected);
  });
});

describe('walkthroughToStart', () => {
  const everything = () => true;
  it('starts the first tour of the page not yet finished or ended', () => {
    expect(walkthroughToStart('/admin/my-account', new Set(), everything)?.tour.id).toBe('my-account');
    expect(walkthroughToStart('/admin/my-account', new Set(['my-account']), everything)?.tour.id).toBe(
      'my-account-software',
    );
    expect(
      walkthroughToStart('/admin/my-account', new Set(['my-account', 'my-account-software']), everything),
    ).toBeNull();
  });

  it('passes over a tour none of whose targets is on the page', () => {
    // Agreements is not built: its tour waits, the home page's other tour starts without its step.
    const started = walkthroughToStart('/admin/profile', new Set(['getting-around']), on('nav-proofs'));
    expect(started).toBeNull();
    const home = walkthroughToStart('/admin/profile', new Set(), on('nav-proofs', 'help-menu'));
    expect(home?.tour.id).toBe('getting-around');
    expect(home?.steps.map((step) => step.target)).toEqual(['nav-proofs', 'help-menu']);
  });

  it('starts nothing on a page without tours', () => {
    expect(walkthroughToStart('/admin/settings', new Set(), everything)).toBeNull();
  });
});
