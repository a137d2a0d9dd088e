import fc from 'fast-check';

// Property tests explore new cases on every local run; CI replays one fixed seed so a landing
// never hinges on luck (FC_SEED=<n> replays a failure anywhere).
const seed = process.env.FC_SEED ?? (process.env.CI ? '20261125' : undefined);
if (seed !== undefined) fc.configureGlobal({ seed: Number(seed) });
