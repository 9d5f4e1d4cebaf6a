import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColorsTuple,
} from '@mantine/core';

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

/**
 * Mantine's green with darker top shades: white on the default filled green (3.4:1) and green.9 text on white
 * (4.4:1) both fail WCAG AA; these read at 5.4:1 and 6.2:1.
 */
const green: MantineColorsTuple = [
  ...(DEFAULT_THEME.colors.green.slice(0, 7) as string[]),
  '#2b8a3e',
  '#24793a',
  '#1f6f33',
] as unknown as MantineColorsTuple;

export const theme = createTheme({
  primaryColor: 'navy',
  primaryShade: 8,
  autoContrast: true,
  colors: { navy, green },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', fontWeight: '800' },
  defaultRadius: 'md',
  // Modals, menus and drawers open and close at once for people who ask their system for less motion.
  respectReducedMotion: true,
  components: {
    // The close buttons are icons only: screen readers need their name. Plain objects, not
    // Modal.extend(...): importing Modal and Drawer here would put them in the start-up code.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // A loader is a span: its aria-label ("Loading tab") is allowed only with a role, and a status is what it is.
    Loader: { defaultProps: { role: 'status' } },
  },
});

/** Each game has its own colour on its pages and sidebar sections. */
export const GAME_COLORS: Record<string, string> = {
  nba: '#c9082a',
  mlb: '#0a6e3c',
  'nfl-td': '#013369',
  // Football leather: apart from NFL TD's navy and NBA's red.
  nfl: '#8a4b08',
  'world-cup': '#6a1b9a',
};

/**
 * Mantine's default error red and dimmed grey are too light on white for WCAG AA (3.3:1 for the grey);
 * these read at 5.5:1 and 6.1:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-error': '#c92a2a', '--mantine-color-dimmed': '#5c636a' },
  dark: {},
});
