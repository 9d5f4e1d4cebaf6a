import { List, Tabs, Text, Title } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { Page } from '../components/page';
import NotFoundPage from './not-found';

const TABS = [
  { value: '/getstarted', label: 'Get Started' },
  { value: '/getstarted/learnmore', label: 'Learn More' },
  { value: '/getstarted/howtoplay', label: 'How to Play' },
  { value: '/getstarted/features', label: 'Features' },
];

export default function GetStartedPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = TABS.find((tab) => tab.value === pathname.replace(/\/$/, ''))?.value;
  // Only the guide and its three pages live here; anything else under /getstarted is not found.
  if (!active) return <NotFoundPage />;
  return (
    <Page title="Get Started">
      <Tabs value={active} onChange={(value) => value && navigate(value)}>
        {/* One line on a phone: tighter tabs that fit at 390 px, and scroll sideways on narrower screens. */}
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          {TABS.map((tab) => (
            <Tabs.Tab
              key={tab.value}
              value={tab.value}
              px={{ base: 8, sm: 'md' }}
              fz={{ base: 13, sm: 'sm' }}
              style={{ flexShrink: 0, whiteSpace: 'nowrap' }}
            >
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {active === '/getstarted' && (
        <List spacing="xs">
          <List.Item>Create an account, then join a league or the global ALA pool.</List.Item>
          <List.Item>Sign up for a pool before its entry deadline and make a pick each week.</List.Item>
          <List.Item>Survive longer than everyone else to win the prize pool.</List.Item>
        </List>
      )}
      {active === '/getstarted/learnmore' && (
        <Text>
          Leagues are run by commissioners who activate pools for each season, set the buy-in, the lives and
          the options, and keep the books. Private leagues approve their members; public ones are open to
          anyone.
        </Text>
      )}
      {active === '/getstarted/howtoplay' && (
        <>
          <Title order={2} fz="lg">
            THE BASICS
          </Title>
          <List spacing="xs">
            <List.Item>
              NBA and MLB: pick one team a week; it must finish the week at .500 or better.
            </List.Item>
            <List.Item>NFL TD: pick players; you advance if any of them scores a touchdown.</List.Item>
            <List.Item>
              NFL Survivor: pick one NFL team a week; it must win (a tie follows the pool's tie rule).
            </List.Item>
            <List.Item>Each team or player can be used only once per season.</List.Item>
            <List.Item>A losing week costs a life; rebuys buy lives back while the pool allows.</List.Item>
          </List>
        </>
      )}
      {active === '/getstarted/features' && (
        <List spacing="xs">
          <List.Item>Live scoring, standings and a pool news feed.</List.Item>
          <List.Item>Pick insurance, auto-rebuy, and a performance bonus side pool.</List.Item>
          <List.Item>Commissioner tools for settings, entrants, money and prizes.</List.Item>
        </List>
      )}
    </Page>
  );
}
