// `npm run bonuses -- --game mlb --season 2023 [--json]`: the bonus events that detection (the code
// the settlement uses) finds in a bundled replayed season. Reads only data-seed/, no database.
import { runBonusCommand } from './jobs/bonus-detection';

const { code, lines, errors } = runBonusCommand(process.argv.slice(2));
if (lines.length > 0) process.stdout.write(`${lines.join('\n')}\n`);
if (errors.length > 0) process.stderr.write(`${errors.join('\n')}\n`);
process.exitCode = code;
