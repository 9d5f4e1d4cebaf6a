// `npm run simulate -- FILE|-`: a thin reader and writer around the rules engine (scenario-format.md).
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { ScenarioError, simulateScenarioText } from '../season';

/** What one run of the command writes and returns. */
export interface SimulateOutput {
  stdout: string;
  stderr: string;
  exitCode: number;
}

/** Runs the simulate command on scenario text; never throws for a broken scenario. */
export function runSimulate(text: string): SimulateOutput {
  try {
    const report = simulateScenarioText(text);
    return { stdout: `${JSON.stringify(report, null, 2)}\n`, stderr: '', exitCode: 0 };
  } catch (error) {
    if (error instanceof ScenarioError) return { stdout: '', stderr: `${error.message}\n`, exitCode: 1 };
    throw error;
  }
}

function readInput(path: string | undefined): string {
  if (path === undefined) {
    throw new ScenarioError('malformed', null, null, 'usage: simulate FILE (or - for standard input)');
  }
  try {
    return readFileSync(path === '-' ? 0 : path, 'utf8');
  } catch (error) {
    throw new ScenarioError('malformed', null, null, `cannot read ${path}: ${(error as Error).message}`);
  }
}

function main(): void {
  let output: SimulateOutput;
  try {
    output = runSimulate(readInput(process.argv[2]));
  } catch (error) {
    if (!(error instanceof ScenarioError)) throw error;
    output = { stdout: '', stderr: `${error.message}\n`, exitCode: 1 };
  }
  process.stdout.write(output.stdout);
  process.stderr.write(output.stderr);
  process.exitCode = output.exitCode;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
