import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

const navy: MantineColorsTuple = [
  '#eef3fb',
  '#d9e2f1',
  '#afc2e3',
  '#83a0d6',
  '#5e84ca',
  '#4672c4',
  '#3969c2',
  '#2b59ab',
  '#234f9a',
  '#173f7a',
];

export const theme = createTheme({
  primaryColor: 'navy',
  primaryShade: 8,
  autoContrast: true,
  colors: { navy },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', fontWeight: '800' },
  defaultRadius: 'md',
});

/** Each game has its own colour on its pages and sidebar sections. */
export const GAME_COLORS: Record<string, string> = {
  nba: '#c9082a',
  mlb: '#0a6e3c',
  'nfl-td': '#013369',
  'world-cup': '#6a1b9a',
};

/** Mantine's default error red is too light on white for WCAG AA; a darker red reads at 5.9:1. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-error': '#c92a2a' },
  dark: {},
});
