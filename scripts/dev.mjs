// Development: the API server with reload on port 3000 and Vite with its proxy on 5173.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { SEMI_SPACE_FLAG } from './processes.mjs';

const root = path.resolve(import.meta.dirname, '..');
const children = [
  spawn(
    process.execPath,
    [SEMI_SPACE_FLAG, '--import', 'tsx', '--watch', path.join(root, 'src/server/main.ts')],
    {
      cwd: root,
      stdio: 'inherit',
    },
  ),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js')], {
    cwd: root,
    stdio: 'inherit',
  }),
];
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(0);
  });
}
