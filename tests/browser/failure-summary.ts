// Prints, after the run, every test that failed or only passed on its retry, with its first error:
// CI keeps only the end of the output, where the line reporter's inline errors are long gone.
// Also how many axe audits the run made, and at how many stops (a11y-test.ts audits new screens only).
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Each test's audits, as `audits/stops/unsettled` (a11y-test.ts). */
export const A11Y_ANNOTATION = 'a11y-audits';

const firstLines = (text: string) => text.split('\n').slice(0, 8).join('\n      ');

export default class FailureSummary implements Reporter {
  private readonly notes = new Map<string, string>();
  private audits = 0;
  private stops = 0;
  private unsettled = 0;

  onTestEnd(test: TestCase, result: TestResult) {
    for (const a of result.annotations.filter((x) => x.type === A11Y_ANNOTATION)) {
      const [audits = 0, stops = 0, unsettled = 0] = (a.description ?? '').split('/').map(Number);
      this.audits += audits;
      this.stops += stops;
      this.unsettled += unsettled;
    }
    if (result.status === 'passed' || result.status === 'skipped') return;
    const first = result.errors[0];
    // The line of the spec that failed: a helper used twice in a test is otherwise ambiguous.
    const where = first?.location ? `at ${first.location.file.replace(`${process.cwd()}/`, '')}:${first.location.line}: ` : '';
    const error = `${where}${first?.message ?? result.status}`;
    this.notes.set(`${test.titlePath().slice(1).join(' › ')} (try ${result.retry + 1})`, firstLines(error.replace(/\u001b\[[0-9;]*m/g, '')));
  }

  onEnd() {
    // A stop is a screenshot or a test's end; a screen already audited in this run is not audited again.
    console.log(`\naxe: ${this.audits} audits at ${this.stops} stops (${this.unsettled} screens still busy or changing after 5 s)`);
    if (this.notes.size === 0) return;
    console.log(`\nFailed tries (${this.notes.size}; a test that passed on its retry is flaky — look at it):`);
    for (const [title, error] of this.notes) console.log(`  ✘ ${title}\n      ${error}`);
  }
}
