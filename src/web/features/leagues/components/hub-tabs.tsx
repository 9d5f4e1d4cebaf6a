import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

export type HubTab = 'pools' | 'leagues' | 'createpool' | 'create';

const TABS: { value: HubTab; label: string; to: string }[] = [
  { value: 'pools', label: 'POOLS', to: '/leagues/allpools' },
  { value: 'leagues', label: 'LEAGUES', to: '/leagues/find' },
  { value: 'createpool', label: 'CREATE A POOL', to: '/leagues/createpool' },
  { value: 'create', label: 'CREATE A LEAGUE', to: '/leagues/create' },
];

/** The four tabs of the pools and leagues hub; each tab is its own address. */
export function HubTabs({ active, children }: { active: HubTab; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Tabs
      value={active}
      onChange={(value) => {
        const tab = TABS.find((t) => t.value === value);
        if (tab) navigate(tab.to);
      }}
      keepMounted={false}
    >
      <Tabs.List style={{ flexWrap: 'wrap' }}>
        {TABS.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value} fw={700}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value={active} pt="md">
        {children}
      </Tabs.Panel>
    </Tabs>
  );
}
