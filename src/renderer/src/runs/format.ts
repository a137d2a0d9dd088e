/** The run and study views write through the text modules of core/text (run-text.ts, study-text.ts). */
export * from '../../../core/text/run-text';
export * from '../../../core/text/plural';
export * from '../../../core/text/study-text';
