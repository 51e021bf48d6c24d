// Prints, after the run, every test that failed or only passed on its retry, with its first error:
// CI keeps only the end of the output, where the line reporter's inline errors are long gone.
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

const firstLines = (text: string) => text.split('\n').slice(0, 8).join('\n      ');

export default class FailureSummary implements Reporter {
  private readonly notes = new Map<string, string>();

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === 'passed' || result.status === 'skipped') return;
    const first = result.errors[0];
    // The line of the spec that failed: a helper used twice in a test is otherwise ambiguous.
    const where = first?.location ? `at ${first.location.file.replace(`${process.cwd()}/`, '')}:${first.location.line}: ` : '';
    const error = `${where}${first?.message ?? result.status}`;
    this.notes.set(`${test.titlePath().slice(1).join(' › ')} (try ${result.retry + 1})`, firstLines(error.replace(/\u001b\[[0-9;]*m/g, '')));
  }

  onEnd() {
    if (this.notes.size === 0) return;
    console.log(`\nFailed tries (${this.notes.size}; a test that passed on its retry is flaky — look at it):`);
    for (const [title, error] of this.notes) console.log(`  ✘ ${title}\n      ${error}`);
  }
}
