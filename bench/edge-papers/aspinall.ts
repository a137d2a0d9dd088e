import type { Section } from '../edge-papers';

// Placeholder until the solver for this section lands.
export const section: Section = async () => '## aspinall\n\nnot measured yet\n';
