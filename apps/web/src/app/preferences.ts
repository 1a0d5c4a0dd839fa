import { DEFAULT_THEME, type ThemeCode, textDirection, theme as themeEnumeration } from '@colophon/domain';
import { useLocalStorage } from '@mantine/hooks';

/** The person's display preferences, persisted in local storage: theme and right-to-left. */
export const THEME_STORAGE_KEY = 'colophon.theme';
export const RTL_STORAGE_KEY = 'colophon.rtl';

export function useThemePreference() {
  return useLocalStorage<ThemeCode>({
    key: THEME_STORAGE_KEY,
    defaultValue: DEFAULT_THEME,
    getInitialValueInEffect: false,
    serialize: (value) => value,
    deserialize: (value) => (themeEnumeration.has(value) ? value : DEFAULT_THEME),
  });
}

export function useRightToLeftPreference() {
  return useLocalStorage<boolean>({
    key: RTL_STORAGE_KEY,
    defaultValue: false,
    getInitialValueInEffect: false,
    serialize: (value) => (value ? 'true' : 'false'),
    deserialize: (value) => value === 'true',
  });
}

export function useTextDirection(): 'rtl' | 'ltr' {
  const [rightToLeft] = useRightToLeftPreference();
  return textDirection(rightToLeft);
}
