import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../tests/fixtures/sports');

/** A recorded feed response from tests/fixtures/sports (tests only). */
export function loadFixture(name: string): unknown {
  return JSON.parse(readFileSync(path.join(DIR, name), 'utf8'));
}
