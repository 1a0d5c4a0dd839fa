/** A user's stored choice for one notification type (the `user_notifications` preferences). */
export interface NotificationPreference {
  readonly typeNotification: number;
  readonly email: boolean;
}

/** Every notification type is e-mailed unless the user turned that type off. */
export function wantsNotificationEmail(
  preferences: readonly NotificationPreference[],
  typeNotification: number,
): boolean {
  return preferences.find((preference) => preference.typeNotification === typeNotification)?.email ?? true;
}
