/**
 * The stop question a search the CLI runs in its own process asks: Ctrl+C, and a CPU-seconds
 * budget when one is given. Ctrl+C stops the search rather than the process, so what was found
 * is still printed.
 */
import { processCpuMs } from '../services/analysis-run';

export interface CliStop {
  /** Whether the search should stop now: Ctrl+C was pressed or the budget is spent. */
  readonly shouldStop: () => boolean;
  /** Whether Ctrl+C asked for the stop (exit 130). */
  readonly interrupted: () => boolean;
  /** What stopped the search: Ctrl+C ('stopped'), the budget ('seconds'), or neither (null: it ended on its own terms). */
  readonly stoppedBy: () => 'seconds' | 'stopped' | null;
  /** Stops listening for Ctrl+C: call it in a `finally`. */
  readonly release: () => void;
}

export function cliStop(cpuSeconds?: number): CliStop {
  let pressed = false;
  const onInt = (): void => void (pressed = true);
  process.once('SIGINT', onInt);
  const t0 = processCpuMs();
  const budgetMs = cpuSeconds === undefined ? Infinity : cpuSeconds * 1000;
  let spent = false;
  return {
    shouldStop: () => pressed || (spent ||= processCpuMs() - t0 >= budgetMs),
    interrupted: () => pressed,
    stoppedBy: () => (pressed ? 'stopped' : spent ? 'seconds' : null),
    release: () => void process.removeListener('SIGINT', onInt),
  };
}
