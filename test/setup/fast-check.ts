import fc from 'fast-check';

// Property tests explore new cases on every local run; CI replays one fixed seed so a landing
// never hinges on luck (FC_SEED=<n> replays a failure anywhere).
const seed = process.env.FC_SEED ?? (process.env.CI ? '20261125' : undefined);
// A property's runs, shrinking included, stop after a minute (a unit test's timeout): shrinking a
// failure among thousands of generated values ran for hours in one synchronous call, which no test
// timeout interrupts. A failure found is still reported, shrunk as far as the minute went; a
// property still passing at the minute passes with the runs it made. (The parameter, not its
// plugin: fast-check takes no plugins globally.)
fc.configureGlobal({ ...(seed !== undefined ? { seed: Number(seed) } : {}), interruptAfterTimeLimit: 60_000 });
