import { describe, expect, it } from 'vitest';
import { CARD_FLOWS } from '../browser/model/card-flows.ts';
import { registered } from '../browser/model/runnable-paths.ts';
import { browserReplays } from '../paths/browser-replays.ts';
import { machineFigures } from '../paths/machine-figures.ts';

// The gate of the card flows' browser replays: the paths a mapping skips (no start, no action, no
// check, left out) are counted by the same code that decides what tests/browser/model-*.spec.ts
// runs, and a flow whose browser coverage falls below its committed figure fails here.

const replays = await browserReplays();

describe('browser coverage of the card flows', () => {
  for (const [machine, committed] of Object.entries(CARD_FLOWS)) {
    it(`${machine}: replayed in a browser at its committed coverage (tests/browser/model/card-flows.ts)`, () => {
      const browser = machineFigures(registered(machine), replays).browser;
      expect(browser, `${machine} has no browser mapping (a tests/browser/model-*.spec.ts calling testModelPaths)`).toBeDefined();
      const now = { states: browser!.coverage.states.reached, transitions: browser!.coverage.transitions.reached };
      const missing = [...browser!.coverage.states.missing.map((s) => `state ${s}`), ...browser!.coverage.transitions.missing];
      expect(now.states, `${machine}: browser reaches fewer states than committed; not reached: ${missing.join('; ')}`).toBeGreaterThanOrEqual(committed.states);
      expect(now.transitions, `${machine}: browser takes fewer transitions than committed; not taken: ${missing.join('; ')}`).toBeGreaterThanOrEqual(committed.transitions);
      expect(now, `${machine}: the browser covers more than committed: raise its figure`).toEqual(committed);
    });
  }
});
