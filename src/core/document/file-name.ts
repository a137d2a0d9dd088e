/** A file's name without its folders, whichever separator the path was written with (a Windows path read on Linux too). */
export const fileNameOnly = (path: string): string => path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
