/** A problem with input text or data, located precisely enough for a one-line message. */
export class FormatError extends Error {
  constructor(
    message: string,
    readonly file?: string,
    readonly line?: number,
  ) {
    super(file ? `${file}${line !== undefined ? `:${line}` : ''}: ${message}` : message);
    this.name = 'FormatError';
  }
}
