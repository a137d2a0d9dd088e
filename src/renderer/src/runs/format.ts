/** The run views write through the one text module (core/text/run-text.ts). */
export * from '../../../core/text/run-text';
export * from '../../../core/text/plural';
