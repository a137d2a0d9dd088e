/** The runs views' part of the one router (lib/route.ts). */
export { parseRunsHash, runsHash, isRunsHash, type RunsRoute } from '../lib/route';
