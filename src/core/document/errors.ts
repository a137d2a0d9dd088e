import { escapeControls } from '../text/display';

/** A problem with input text or data, located precisely enough for a one-line message (the file name's controls escaped, so it stays one line). */
export class FormatError extends Error {
  constructor(
    message: string,
    readonly file?: string,
    readonly line?: number,
  ) {
    super(file ? `${escapeControls(file)}${line !== undefined ? `:${line}` : ''}: ${message}` : message);
    this.name = 'FormatError';
  }
}

/** A reader option another format takes (a frame colour for Tetravex tiles): where a format reads the file, its refusal says more. */
export class OptionElsewhere extends FormatError {
  constructor(message: string, file?: string) {
    super(message, file);
    this.name = 'OptionElsewhere';
  }
}
