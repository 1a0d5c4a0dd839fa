import { tabTarget } from '@colophon/domain';
import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';

/** What a tab shows: its label and its panel. */
export interface PageTabContent {
  label: ReactNode;
  panel: ReactNode;
}

export interface PageTab<Tab extends string> extends PageTabContent {
  value: Tab;
}

/**
 * The tabs of a record's page or drawer, one panel each, only the open one mounted: the caller
 * keeps which is open (its URL's search, or the drawer's) and hears of a choice through `onChange`.
 */
export function PageTabs<Tab extends string>({
  tabs,
  value,
  onChange,
}: {
  tabs: readonly PageTab<Tab>[];
  value: Tab;
  onChange: (tab: Tab) => void;
}) {
  return (
    <Tabs
      value={value}
      onChange={(next) => {
        const chosen = tabs.find((tab) => tab.value === next);
        if (chosen) onChange(chosen.value);
      }}
      keepMounted={false}
    >
      <Tabs.List mb="md">
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value} data-tour={tabTarget(tab.value)}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value}>
          {tab.panel}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
