import { NothingToRead, parseCommand, USAGE, UsageError } from './cli-options.ts';

/**
 * `npm run paths`: writes docs/machine-paths.md and docs/paths/*; with options, prints or exports
 * paths, diffs them against a git ref or walks a machine at random (cli-options.ts has the usage).
 * Exit 2: a bad option; exit 1: asked for something that is not there (no results, target not reached).
 * The options are checked before the machines load (run-command.ts), so a typo answers at once.
 */

function fail(code: number, message: string): never {
  console.error(message);
  process.exit(code);
}

try {
  const command = parseCommand(process.argv.slice(2));
  const { run } = await import('./run-command.ts');
  await run(command);
} catch (error) {
  if (error instanceof UsageError) fail(2, `${error.message}\n${USAGE}`);
  if (error instanceof NothingToRead) fail(1, error.message);
  throw error;
}
