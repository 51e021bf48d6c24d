import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { spinnerMachine } from './spinner.ts';

describe('spinner counter', () => {
  it('is visible while more calls started than ended, and never goes below zero', () => {
    const actor = createActor(spinnerMachine).start();
    const seen = () => [actor.getSnapshot().value, actor.getSnapshot().context.count];
    actor.send({ type: 'spinner.stop' });
    expect(seen()).toEqual(['hidden', 0]);
    actor.send({ type: 'spinner.start' });
    actor.send({ type: 'spinner.start' });
    expect(seen()).toEqual(['visible', 2]);
    actor.send({ type: 'spinner.stop' });
    expect(seen()).toEqual(['visible', 1]);
    actor.send({ type: 'spinner.stop' });
    expect(seen()).toEqual(['hidden', 0]);
    actor.send({ type: 'spinner.stop' });
    expect(seen()).toEqual(['hidden', 0]);
  });
});
