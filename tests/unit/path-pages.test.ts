import { describe, expect, it } from 'vitest';
import { MACHINES } from '../../src/machines/registry.ts';
import { cataloguePaths } from '../paths/catalogue-paths.ts';
import { collisions, layout } from '../paths/diagram-layout.ts';
import { machineFigures } from '../paths/machine-figures.ts';
import { testerPage } from '../paths/tester-page.ts';
import { doorRegistration } from './path-fixtures.ts';

describe("the tester's page", () => {
  it('diagram labels overlap no other label and no state, and none is cut at an edge', () => {
    const found = MACHINES.map((entry) => [entry.name, collisions(layout(entry))] as const).filter(([, c]) => c.length);
    expect(found).toEqual([]);
  });

  it('lists every path with its steps, check, replay and JSON, and filters by state, event and replay offline', () => {
    const door = doorRegistration();
    const page = testerPage(door, machineFigures(door, new Map()), new Map());
    const paths = cataloguePaths(door);
    expect(page.match(/<article class="path"/g)).toHaveLength(paths.length);
    for (const p of paths) expect(page).toContain(`id="${p.id.replace('/', '-')}"`);
    expect(page).toContain('Check: The lock shows red');
    expect(page).toContain('Not replayed in a browser (no browser mapping for this machine).');
    expect(page).toContain('<a href="door.json">JSON</a>');
    for (const id of ['state', 'event', 'browser']) expect(page).toContain(`<select id="${id}">`);
    expect(page).toContain('data-events="door.lock"');
    // Offline: nothing loaded from elsewhere.
    expect(page).not.toMatch(/<script src|<link |(src|href)="https?:/);
  });
});
