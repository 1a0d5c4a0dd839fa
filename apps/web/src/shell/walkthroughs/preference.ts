import { useLocalStorage } from '@mantine/hooks';

/**
 * Whether walkthroughs start by themselves on this browser (a display preference, as the theme):
 * 'off' keeps them to the help menu. The end-to-end suite sets it off for every browser it opens
 * (e2e/playwright.config.ts), so only the spec that asks for a tour sees one.
 */
export const WALKTHROUGH_AUTOSTART_KEY = 'colophon.walkthroughs.autostart';

export function useWalkthroughAutostart() {
  return useLocalStorage<boolean>({
    key: WALKTHROUGH_AUTOSTART_KEY,
    defaultValue: true,
    getInitialValueInEffect: false,
    serialize: (value) => (value ? 'on' : 'off'),
    deserialize: (value) => value !== 'off',
  });
}
