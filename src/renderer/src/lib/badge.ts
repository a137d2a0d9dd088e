/**
 * How a status reads as a badge: a shape and a word (never colour alone), and an Okabe-Ito tone.
 * Runs: sky blue = active, green = done, yellow = solved, orange = needs attention, vermillion =
 * failed. Studies: orange = running, sky blue = done, pink = stopped or incomplete.
 */
import type { StopReason } from '../../../core/engine/run-types';
import type { RunStatus } from '../../../main/api/types';
import { statusDetail, type StudyStatus } from '../runs/format';

export type BadgeShape = 'play' | 'clock' | 'star' | 'check' | 'square' | 'pause' | 'cross' | 'bang' | 'ring';
export type BadgeTone = 'plain' | 'sky' | 'grey' | 'green' | 'yellow' | 'orange' | 'vermillion' | 'pink';

export interface BadgeLook {
  /** The status, as `data-status` (tests and styles find it). */
  status: string;
  shape: BadgeShape;
  tone: BadgeTone;
  /** Tinted background (the states that want attention: running, solved). */
  fill: boolean;
  text: string;
  title: string | undefined;
  /** A study's badge: bolder, no fixed line height. */
  study: boolean;
}

const RUN: Record<RunStatus, { shape: BadgeShape; tone: BadgeTone; fill?: boolean }> = {
  running: { shape: 'play', tone: 'sky', fill: true },
  queued: { shape: 'clock', tone: 'grey' },
  done: { shape: 'check', tone: 'green' },
  stopped: { shape: 'square', tone: 'plain' },
  interrupted: { shape: 'pause', tone: 'orange' },
  failed: { shape: 'cross', tone: 'vermillion' },
};

/** A run's badge; `compact` keeps the first part of the detail ("Done", not "Done · solved"). */
export function runBadge(status: RunStatus, reason: StopReason | null = null, compact = false): BadgeLook {
  const solved = status === 'done' && (reason === 'solved' || reason === 'target');
  const look = solved ? { shape: 'star' as const, tone: 'yellow' as const, fill: true } : RUN[status];
  const detail = statusDetail(status, reason);
  return {
    status,
    shape: look.shape,
    tone: look.tone,
    fill: look.fill ?? false,
    text: compact ? detail.split(' · ')[0]! : detail,
    title: detail,
    study: false,
  };
}

const STUDY: Record<StudyStatus, { shape: BadgeShape; tone: BadgeTone; text: string }> = {
  new: { shape: 'ring', tone: 'plain', text: 'New' },
  running: { shape: 'play', tone: 'orange', text: 'Running' },
  done: { shape: 'check', tone: 'sky', text: 'Done' },
  stopped: { shape: 'square', tone: 'pink', text: 'Stopped' },
  incomplete: { shape: 'bang', tone: 'pink', text: 'Incomplete' },
};

export function studyBadge(status: StudyStatus): BadgeLook {
  const s = STUDY[status];
  return { status, shape: s.shape, tone: s.tone, fill: false, text: s.text, title: undefined, study: true };
}
