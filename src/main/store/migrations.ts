/**
 * Versioned schema migrations. `PRAGMA user_version` holds the version of a database; each
 * migration runs in its own transaction together with the version bump, so a database is always
 * at exactly one version. Append new migrations at the end; never edit a released one.
 */
import type Database from 'better-sqlite3';
import type { FamilyId } from '../../core/families/family';
import { documentKind, puzzleKind } from '../../core/document/document';
import { documentContentKey, puzzleContentKey } from './content-key';
import { StoreError } from './errors';

/** What a migration may use: run SQL, or prepare statements to move data. */
export type MigrationSql = Pick<Database.Database, 'exec' | 'prepare'>;

export interface Migration {
  version: number;
  description: string;
  up(sql: MigrationSql): void;
}

export const migrations: readonly Migration[] = [
  {
    version: 1,
    description: 'puzzles, runs, run events, checkpoints',
    up(sql) {
      sql.exec(`
        CREATE TABLE puzzles (
          id             INTEGER PRIMARY KEY AUTOINCREMENT,
          name           TEXT    NOT NULL,
          family         TEXT    NOT NULL,
          source         TEXT    NOT NULL,
          document       TEXT    NOT NULL,  -- JSON
          rows           INTEGER NOT NULL,
          cols           INTEGER NOT NULL,
          created_at     INTEGER NOT NULL,  -- ms since the epoch, as every time here
          updated_at     INTEGER NOT NULL,
          last_opened_at INTEGER,
          best_score     REAL               -- best of its runs, kept up to date by the store
        );
        CREATE INDEX puzzles_family ON puzzles (family);

        CREATE TABLE runs (
          id            INTEGER PRIMARY KEY AUTOINCREMENT,
          puzzle_id     INTEGER REFERENCES puzzles (id) ON DELETE SET NULL,
          puzzle_name   TEXT    NOT NULL,
          family        TEXT    NOT NULL,
          solver        TEXT    NOT NULL,
          params        TEXT    NOT NULL,  -- JSON
          seed          INTEGER NOT NULL,
          stop          TEXT    NOT NULL,  -- JSON StopCriteria
          puzzle        TEXT    NOT NULL,  -- JSON: the run's own copy of the puzzle model
          status        TEXT    NOT NULL DEFAULT 'queued'
                        CHECK (status IN ('queued', 'running', 'done', 'stopped', 'interrupted', 'failed')),
          stop_reason   TEXT,
          error         TEXT,
          created_at    INTEGER NOT NULL,
          started_at    INTEGER,
          ended_at      INTEGER,
          elapsed_ms    INTEGER NOT NULL DEFAULT 0,
          evaluations   INTEGER NOT NULL DEFAULT 0,
          best_score    REAL,
          max_score     REAL,
          best_solution TEXT               -- JSON
        );
        CREATE INDEX runs_status     ON runs (status);
        CREATE INDEX runs_puzzle_id  ON runs (puzzle_id);
        CREATE INDEX runs_created_at ON runs (created_at);
        CREATE INDEX runs_solver     ON runs (solver);

        CREATE TABLE run_events (
          id            INTEGER PRIMARY KEY,
          run_id        INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
          kind          TEXT    NOT NULL CHECK (kind IN ('improvement', 'progress')),
          elapsed_ms    INTEGER NOT NULL,
          evaluations   INTEGER NOT NULL,
          iteration     INTEGER,           -- progress only
          best_score    REAL    NOT NULL,  -- for an improvement, its score
          current_score REAL,              -- progress only
          mean_score    REAL,
          solution      TEXT               -- JSON, improvements only
        );
        CREATE INDEX run_events_run_kind_time ON run_events (run_id, kind, elapsed_ms);

        CREATE TABLE checkpoints (
          id          INTEGER PRIMARY KEY,
          run_id      INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
          created_at  INTEGER NOT NULL,
          elapsed_ms  INTEGER NOT NULL,
          evaluations INTEGER NOT NULL,
          best_score  REAL    NOT NULL,
          state       TEXT    NOT NULL     -- JSON
        );
        CREATE INDEX checkpoints_run ON checkpoints (run_id, id);
      `);
    },
  },
  {
    version: 2,
    description: 'settings (key/value, e.g. that the bundled samples were added once)',
    up(sql) {
      sql.exec(`
        CREATE TABLE settings (
          key        TEXT    PRIMARY KEY,
          value      TEXT    NOT NULL,  -- JSON
          updated_at INTEGER NOT NULL
        ) WITHOUT ROWID;
      `);
    },
  },
  {
    version: 3,
    description: 'run history indexes (filters, sorts and paging over many runs)',
    up(sql) {
      // Composite indexes serve "filter by X, newest first" pages of the run history.
      sql.exec(`
        CREATE INDEX runs_status_created  ON runs (status, created_at);
        CREATE INDEX runs_solver_created  ON runs (solver, created_at);
        CREATE INDEX runs_puzzle_created  ON runs (puzzle_id, created_at);
        CREATE INDEX runs_family_created  ON runs (family, created_at);
        CREATE INDEX runs_puzzle_name     ON runs (puzzle_name COLLATE NOCASE);
        CREATE INDEX runs_best_score      ON runs (best_score);
        CREATE INDEX runs_elapsed         ON runs (elapsed_ms);
        CREATE INDEX runs_evaluations     ON runs (evaluations);
      `);
    },
  },
  {
    version: 4,
    description: 'run leases (one owner per queued or running run, with a heartbeat)',
    up(sql) {
      // One row per run that a process holds; it goes with the run's last status write.
      sql.exec(`
        CREATE TABLE run_leases (
          run_id             INTEGER PRIMARY KEY REFERENCES runs (id) ON DELETE CASCADE,
          owner              TEXT    NOT NULL,  -- host/pid/process start: one key for the three below
          host               TEXT    NOT NULL,
          pid                INTEGER NOT NULL,
          process_started_at INTEGER NOT NULL,
          acquired_at        INTEGER NOT NULL,
          renewed_at         INTEGER NOT NULL,
          expires_at         INTEGER NOT NULL,
          stop_requested_at  INTEGER            -- another process asked the owner to stop the run
        );
        CREATE INDEX run_leases_owner ON run_leases (owner);
      `);
    },
  },
  {
    version: 5,
    description: 'studies (a grid of puzzles x solver settings x seeds) and the runs made for them',
    up(sql) {
      // A study's runs are ordinary runs; the link table says which cell and seed each one is,
      // so history, replay and compare need nothing new. Deleting a run frees its cell.
      sql.exec(`
        CREATE TABLE studies (
          id         INTEGER PRIMARY KEY AUTOINCREMENT,
          name       TEXT    NOT NULL,
          spec       TEXT    NOT NULL,  -- JSON StudySpec: the grid with every puzzle and setting resolved
          created_at INTEGER NOT NULL
        );
        CREATE TABLE study_runs (
          run_id       INTEGER PRIMARY KEY REFERENCES runs (id) ON DELETE CASCADE,
          study_id     INTEGER NOT NULL REFERENCES studies (id) ON DELETE CASCADE,
          puzzle_index INTEGER NOT NULL,
          config_index INTEGER NOT NULL,
          seed         INTEGER NOT NULL,
          UNIQUE (study_id, puzzle_index, config_index, seed)
        );
      `);
    },
  },
  {
    version: 6,
    description: 'runs given to a Redis queue: the last event applied per run, so redelivered events are skipped',
    up(sql) {
      // Events from remote workers arrive at least once; a row says how far a run's events were
      // applied (per attempt: a run taken over by another worker starts a new attempt).
      sql.exec(`
        CREATE TABLE remote_runs (
          run_id   INTEGER PRIMARY KEY REFERENCES runs (id) ON DELETE CASCADE,
          queue    TEXT    NOT NULL,  -- the queue the run was given to
          attempt  INTEGER NOT NULL,
          last_seq INTEGER NOT NULL
        );
      `);
    },
  },
  {
    version: 7,
    description: 'puzzles\' kind ("Tetravex" among edge puzzles), so lists show it without reading documents',
    up: (sql) => addKindColumn(sql, 'puzzles', 'document', documentKind),
  },
  {
    version: 8,
    description: 'runs\' kind ("Tetravex" among edge runs), from the copy of the puzzle each run keeps',
    up: (sql) => addKindColumn(sql, 'runs', 'puzzle', puzzleKind),
  },
  {
    version: 9,
    description: "runs' memory: the solver process's resident set at the last sample and the most it held",
    up(sql) {
      // Null for runs made before (nothing was measured): they show no memory.
      sql.exec(`
        ALTER TABLE runs ADD COLUMN rss_bytes INTEGER;
        ALTER TABLE runs ADD COLUMN peak_rss_bytes INTEGER;
      `);
    },
  },
  {
    version: 10,
    description: "runs' setting changes: a memory bound raised when a run was resumed, and where",
    up(sql) {
      sql.exec(`ALTER TABLE runs ADD COLUMN changes TEXT NOT NULL DEFAULT '[]'`);
    },
  },
  {
    version: 11,
    description: "runs' best only from checked boards; the most a solver claimed in its progress kept apart",
    up(sql) {
      // Progress samples used to raise a run's best on the solver's word. Their highest claim is
      // kept apart, and bests are worked out again from the improvements, whose boards were
      // re-scored before they were stored (a puzzle's best is its runs', as recomputeBest keeps it).
      sql.exec(`
        ALTER TABLE runs ADD COLUMN claimed_best REAL;
        UPDATE runs SET claimed_best = (SELECT MAX(e.best_score) FROM run_events e WHERE e.run_id = runs.id AND e.kind = 'progress');
        UPDATE runs SET best_score = (SELECT MAX(e.best_score) FROM run_events e WHERE e.run_id = runs.id AND e.kind = 'improvement')
         WHERE best_score IS NOT (SELECT MAX(e.best_score) FROM run_events e WHERE e.run_id = runs.id AND e.kind = 'improvement');
        UPDATE puzzles SET best_score = (SELECT MAX(r.best_score) FROM runs r WHERE r.puzzle_id = puzzles.id)
         WHERE best_score IS NOT (SELECT MAX(r.best_score) FROM runs r WHERE r.puzzle_id = puzzles.id);
      `);
    },
  },
  {
    version: 12,
    description: "puzzles' content key, indexed: the same puzzle found by one lookup, not by reading the library",
    up(sql) {
      sql.exec(`ALTER TABLE puzzles ADD COLUMN content_key TEXT`);
      const set = sql.prepare(`UPDATE puzzles SET content_key = ? WHERE id = ?`);
      const rows = sql.prepare(`SELECT id, family, document FROM puzzles`).all() as { id: number; family: string; document: string }[];
      for (const r of rows) {
        let document: unknown = null;
        try {
          document = JSON.parse(r.document);
        } catch {
          /* damaged: the same as nothing */
        }
        set.run(documentContentKey(r.family, document), r.id);
      }
      // Made after the keys are filled in: one sort rather than an index kept up row by row.
      sql.exec(`CREATE INDEX puzzles_content_key ON puzzles (content_key)`);
    },
  },
  {
    version: 13,
    description: "runs' content key: a puzzle's best is only of runs on its present pieces, not on a version edited since",
    up(sql) {
      sql.exec(`ALTER TABLE runs ADD COLUMN content_key TEXT`);
      const set = sql.prepare(`UPDATE runs SET content_key = ? WHERE id = ?`);
      // In pages by id: runs' puzzles can be large and many, and a statement cannot run while another iterates.
      const page = sql.prepare(`SELECT id, family, puzzle FROM runs WHERE id > ? ORDER BY id LIMIT 500`);
      for (let after = 0; ;) {
        const rows = page.all(after) as { id: number; family: string; puzzle: string }[];
        if (rows.length === 0) break;
        for (const r of rows) {
          let puzzle: unknown = null;
          try {
            puzzle = JSON.parse(r.puzzle);
          } catch {
            /* damaged: the same as nothing */
          }
          set.run(puzzleContentKey(r.family, puzzle), r.id);
        }
        after = rows[rows.length - 1]!.id;
      }
      sql.exec(`
        UPDATE puzzles SET best_score = (SELECT MAX(r.best_score) FROM runs r WHERE r.puzzle_id = puzzles.id AND r.content_key IS puzzles.content_key)
         WHERE best_score IS NOT (SELECT MAX(r.best_score) FROM runs r WHERE r.puzzle_id = puzzles.id AND r.content_key IS puzzles.content_key);
      `);
    },
  },
  {
    version: 14,
    description: "runs by kind, as the history's Family column shows and sorts them",
    up(sql) {
      sql.exec(`CREATE INDEX runs_kind_created ON runs (kind, created_at)`);
    },
  },
];

/** The schema version this build writes. */
export function latestVersion(list: readonly Migration[] = migrations): number {
  return list.length === 0 ? 0 : list[list.length - 1]!.version;
}

/** Versions must be 1, 2, 3, … in order. */
export function checkMigrations(list: readonly Migration[]): void {
  list.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`migration list is broken: entry ${i} has version ${m.version}, expected ${i + 1}`);
  });
}

/**
 * Refuse a database written by a newer build, before anything is changed. `file` is for the message.
 * Returns the database's current version.
 */
export function checkVersion(db: Database.Database, file: string, list: readonly Migration[] = migrations): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  const latest = latestVersion(list);
  if (current > latest) {
    throw new StoreError(
      'NEWER_VERSION',
      `the database file ${file} was made by a newer version of Puzzle Workbench (schema version ${current}; this version knows up to ${latest}). ` +
        'Update Puzzle Workbench to open it; the file was left untouched.',
    );
  }
  return current;
}

/** Bring the database up to the latest version; each step in its own transaction. Returns the versions applied. */
export function migrate(db: Database.Database, file: string, list: readonly Migration[] = migrations): number[] {
  checkMigrations(list);
  const current = checkVersion(db, file, list);
  const applied: number[] = [];
  for (const m of list) {
    if (m.version <= current) continue;
    const ran = db
      .transaction((): boolean => {
        // Another process may have migrated since we looked; we hold the write lock now.
        if ((db.pragma('user_version', { simple: true }) as number) >= m.version) return false;
        m.up(db);
        // user_version lives in the database header and is part of the transaction.
        db.pragma(`user_version = ${m.version}`);
        return true;
      })
      .immediate();
    if (ran) applied.push(m.version);
  }
  return applied;
}

/**
 * Adds `kind` to a table and fills it from each row's JSON column. A damaged value is reported
 * when its row is opened; here the row is just called by its family.
 */
function addKindColumn(sql: MigrationSql, table: 'puzzles' | 'runs', json: 'document' | 'puzzle', kindOf: (family: FamilyId, x: unknown) => string): void {
  sql.exec(`ALTER TABLE ${table} ADD COLUMN kind TEXT NOT NULL DEFAULT ''`);
  const set = sql.prepare(`UPDATE ${table} SET kind = ? WHERE id = ?`);
  const rows = sql.prepare(`SELECT id, family, ${json} AS value FROM ${table}`).all() as { id: number; family: string; value: string }[];
  for (const r of rows) {
    let value: unknown = null;
    try {
      value = JSON.parse(r.value);
    } catch {
      /* damaged: named by its family */
    }
    set.run(kindOf(r.family as FamilyId, value), r.id);
  }
}
