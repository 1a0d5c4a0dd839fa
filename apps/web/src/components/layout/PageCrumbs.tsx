import { Anchor, Breadcrumbs, Group, Text } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { Link, type LinkProps } from '@tanstack/react-router';

/**
 * A record's page's way back, named for screen readers ("Project breadcrumb"): the list it belongs
 * to, a link (after a back chevron where the page asks for one), then the record, the current page.
 */
export function PageCrumbs({
  label,
  listTo,
  listLabel,
  current,
  backChevron = false,
}: {
  label: string;
  listTo: LinkProps['to'];
  listLabel: string;
  current: string;
  backChevron?: boolean;
}) {
  return (
    <nav aria-label={label}>
      <Breadcrumbs separator="›" separatorMargin={6} fz="sm">
        <Anchor component={Link} to={listTo} size="sm">
          {backChevron ? (
            <Group gap={2} component="span">
              <IconChevronLeft size={14} aria-hidden />
              {listLabel}
            </Group>
          ) : (
            listLabel
          )}
        </Anchor>
        <Text size="sm" aria-current="page">
          {current}
        </Text>
      </Breadcrumbs>
    </nav>
  );
}
