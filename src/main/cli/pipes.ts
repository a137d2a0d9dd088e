/**
 * Output to a reader that has gone (`workbench runs | head -1`, `| true`): the rest is not wanted,
 * and that is no failure of the command. Without a listener the stream's EPIPE is an unhandled
 * 'error' event, a stack trace ending in 'write EPIPE'. The command goes on (a solve still records
 * its run) and what it would still print is dropped (the stream, destroyed, drops later writes).
 */
export function quietWhenReaderGoes(stream: NodeJS.WriteStream): void {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    // Any other failure to write is as it was without this listener: uncaught.
    if (e.code !== 'EPIPE') throw e;
  });
}
