/**
 * The workbench's version (package.json), written into a study's exports so a result can be
 * traced to the program that made it. Imported, not read at run time: the app's bundle has no
 * package.json beside it.
 */
import pkg from '../../../package.json' with { type: 'json' };

export const WORKBENCH_VERSION: string = pkg.version;
