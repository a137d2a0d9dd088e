import { systemErrorText } from '../store/open-reason';

/**
 * Output to a reader that has gone (`workbench runs | head -1`, `| true`): the rest is not wanted,
 * and that is no failure of the command. Without a listener the stream's EPIPE is an unhandled
 * 'error' event, a stack trace ending in 'write EPIPE'. The command goes on (a solve still records
 * its run) and what it would still print is dropped (the stream, destroyed, drops later writes).
 *
 * Any other failure to write (`> /dev/full`, a full disk, a file past its size limit) is the
 * command's failure: one line on stderr and a non-zero exit, never a stack trace. The command
 * still goes on to its end, so what it holds (a solve's run and its solver process, the database)
 * is released as after a normal end; `outputFailure` tells `main` to exit non-zero.
 */
let failure: NodeJS.ErrnoException | undefined;

export function quietWhenReaderGoes(stream: NodeJS.WriteStream): void {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE' || failure !== undefined) return;
    failure = e;
    // For a failure after `main` has returned (a slow pipe); `main` returns non-zero for one before.
    process.exitCode = 1;
    // Nothing is said when stderr itself cannot be written.
    if (stream !== process.stderr) process.stderr.write(`workbench: cannot write the output: ${systemErrorText(e)}\n`);
  });
}

/**
 * Whether writing stdout or stderr has failed. A failed write's 'error' event comes after the
 * promise jobs of the write's turn, so this waits for it first.
 */
export async function outputFailure(): Promise<boolean> {
  await new Promise((resolve) => setImmediate(resolve));
  return failure !== undefined;
}
