/** Beam search on edge puzzles: the solver, its run and options, and the memory check. */
export { beamOptions, beamParams, beamSolver } from './solver';
export { BeamRun, DEFAULT_BAND, beamBytesPerWidth, beamWidths, type BeamOptions } from './beam';
export { beamRefuses } from './memory';
