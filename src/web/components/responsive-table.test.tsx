// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { type FirstRender, FirstRenderContext } from '../lib/first-render';
import { theme } from '../theme';
import { type ResponsiveColumn, ResponsiveTable } from './responsive-table';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Row {
  id: number;
  name: string;
  lives: number;
}
const ROWS: Row[] = [
  { id: 1, name: 'alice', lives: 2 },
  { id: 2, name: 'bob', lives: 0 },
];
const COLUMNS: (ResponsiveColumn<Row> | false)[] = [
  { key: 'name', header: 'Entry', cell: (row) => row.name },
  {
    key: 'lives',
    header: 'Lives',
    cell: (row) => String(row.lives),
    th: { ta: 'right' },
    td: { ta: 'right' },
  },
  false,
];

function Lives({ rows = ROWS, ownCard = true }: { rows?: Row[]; ownCard?: boolean }) {
  return (
    <ResponsiveTable
      rows={rows}
      rowKey={(row) => row.id}
      columns={COLUMNS}
      minWidth={400}
      table={{ 'aria-label': 'Lives' }}
      card={
        ownCard ? (row) => <section aria-label={`Card ${row.name}`}>{row.lives} lives</section> : undefined
      }
      empty={<p>No entry yet.</p>}
    />
  );
}

function Providers({ first, children }: { first: FirstRender | null; children: ReactNode }) {
  return (
    <MantineProvider theme={theme}>
      <FirstRenderContext value={first}>{children}</FirstRenderContext>
    </MantineProvider>
  );
}

function setWidth(width: number) {
  (
    window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }
  ).happyDOM.setViewport({
    width,
    height: 800,
  });
}

const containers: HTMLElement[] = [];
function container(html = ''): HTMLElement {
  const element = document.createElement('div');
  element.innerHTML = html;
  document.body.append(element);
  containers.push(element);
  return element;
}
afterEach(() => {
  for (const element of containers.splice(0)) element.remove();
});

describe('ResponsiveTable', () => {
  it('renders only the view of the device the server guessed', () => {
    const phone = renderToString(
      <Providers first={{ phone: true, zone: 'UTC' }}>
        <Lives />
      </Providers>,
    );
    expect(phone).not.toContain('<table');
    expect(phone).toContain('aria-label="Card alice"');
    const desk = renderToString(
      <Providers first={{ phone: false, zone: 'UTC' }}>
        <Lives />
      </Providers>,
    );
    expect(desk).toContain('<table');
    expect(desk).toContain('<th');
    expect(desk).not.toContain('Card alice');
  });

  it('draws the browser own view from the first render when nothing was rendered on the server', async () => {
    for (const [width, table] of [
      [390, false],
      [1366, true],
    ] as const) {
      setWidth(width);
      const element = container();
      const root = createRoot(element);
      const seen: boolean[] = [];
      // Each commit's view: a phone must never see the table first (nor a desk the cards).
      const observer = new MutationObserver(() => seen.push(element.querySelector('table') !== null));
      observer.observe(element, { childList: true, subtree: true });
      await act(async () =>
        root.render(
          <Providers first={null}>
            <Lives />
          </Providers>,
        ),
      );
      observer.disconnect();
      expect(element.querySelector('table') !== null).toBe(table);
      expect(new Set(seen)).toEqual(new Set([table]));
      expect(element.querySelectorAll('[aria-label^="Card"]').length).toBe(table ? 0 : 2);
      await act(async () => root.unmount());
    }
  });

  it('hydrates the server guess without a mismatch, then follows the browser', async () => {
    setWidth(390);
    const first = { phone: false, zone: 'UTC' };
    const app = (
      <Providers first={first}>
        <Lives />
      </Providers>
    );
    const element = container(renderToString(app));
    expect(element.querySelector('table')).not.toBeNull();
    const errors: unknown[] = [];
    const root = await act(async () =>
      hydrateRoot(element, app, {
        onRecoverableError: (error) => errors.push(error),
        onCaughtError: (error) => errors.push(error),
      }),
    );
    expect(errors).toEqual([]);
    expect(element.querySelector('table')).toBeNull();
    expect(element.querySelectorAll('[aria-label^="Card"]').length).toBe(2);

    // The window widened to a desk's: the table.
    await act(async () => setWidth(1366));
    expect(element.querySelector('table')).not.toBeNull();
    expect(element.querySelector('[aria-label^="Card"]')).toBeNull();
    await act(async () => root.unmount());
  });

  it('lists the columns it shows on a default card, and the empty state without rows', () => {
    const cards = renderToString(
      <Providers first={{ phone: true, zone: 'UTC' }}>
        <Lives ownCard={false} />
      </Providers>,
    );
    expect(cards).toContain('alice');
    expect(cards).toContain('Lives');
    const desk = renderToString(
      <Providers first={{ phone: false, zone: 'UTC' }}>
        <Lives rows={[]} />
      </Providers>,
    );
    expect(desk).toContain('No entry yet.');
    expect(desk).not.toContain('<table');
  });
});
