import { describe, expect, it } from 'vitest';
import { configLabel } from '../../../src/renderer/src/studies/study-view';

const catalogue = [
  { family: 'jump' as const, id: 'sa', label: 'Simulated annealing' },
  { family: 'jump' as const, id: 'hill-climb', label: 'Hill climbing' },
];

describe("a study solver's label (issue 21, item 8)", () => {
  it('names a solver the file gave no label as the catalogue does, and keeps given labels', () => {
    expect(configLabel({ label: 'sa', solver: 'sa' }, 'jump', catalogue)).toBe('Simulated annealing');
    expect(configLabel({ label: 'hill-climb cs440-hc', solver: 'hill-climb' }, 'jump', catalogue)).toBe('Hill climbing cs440-hc');
    expect(configLabel({ label: 'hill climbing', solver: 'hill-climb' }, 'jump', catalogue)).toBe('hill climbing');
    expect(configLabel({ label: 'sa', solver: 'sa' }, 'edge', catalogue)).toBe('sa');
  });
});
