import { describe, expect, it } from 'vitest';
import { wantsNotificationEmail } from './notificationDelivery';

describe('wantsNotificationEmail', () => {
  const preferences = [
    { typeNotification: 1, email: false },
    { typeNotification: 6, email: true },
  ];
  it('follows a stored choice', () => {
    expect(wantsNotificationEmail(preferences, 1)).toBe(false);
    expect(wantsNotificationEmail(preferences, 6)).toBe(true);
  });
  it('e-mails a type the user never set', () => {
    expect(wantsNotificationEmail(preferences, 7)).toBe(true);
    expect(wantsNotificationEmail([], 110)).toBe(true);
  });
});
