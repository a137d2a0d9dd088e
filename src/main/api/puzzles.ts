export type { PuzzleRecord, PuzzleSort, PuzzleSummary } from '../store/types';
export type { ImportPreview, ImportResult, LibraryPuzzle, PlacementScore } from '../services/imports';
