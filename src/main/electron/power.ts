/**
 * Runs and the desktop: the machine is kept from sleeping while runs are queued or running
 * (powerSaveBlocker 'prevent-app-suspension'), and a run that ends while the window is not
 * focused shows a system notification (clicking it brings the window back). The decisions are
 * made by RunWatch (run-watch.ts, unit-tested); this file only carries them out.
 */
import { Notification, powerSaveBlocker, type BrowserWindow } from 'electron';
import type { Backend } from '../api/contract';
import { RunWatch } from './run-watch';

/** Start watching; returns a function that stops (and releases the sleep blocker). */
export function watchRuns(backend: Backend, getWindow: () => BrowserWindow | null): () => void {
  const watch = new RunWatch();
  let blockerId: number | null = null;
  const apply = (action: 'start' | 'stop' | null): void => {
    if (action === 'start' && blockerId === null) blockerId = powerSaveBlocker.start('prevent-app-suspension');
    if (action === 'stop' && blockerId !== null) {
      powerSaveBlocker.stop(blockerId);
      blockerId = null;
    }
  };
  const focused = (): boolean => {
    const win = getWindow();
    return !!win && !win.isDestroyed() && win.isFocused();
  };

  const unsubscribe = backend.subscribe((event) => {
    const { power, notice } = watch.onEvent(event, focused());
    apply(power);
    if (notice && Notification.isSupported()) {
      const n = new Notification({ title: notice.title, body: notice.body, silent: false });
      n.on('click', () => {
        const win = getWindow();
        if (!win || win.isDestroyed()) return;
        if (win.isMinimized()) win.restore();
        win.show();
        win.focus();
      });
      n.show();
    }
  });

  // Runs recovered at start-up (queued again) count from the start.
  void Promise.all([backend.handlers.listRuns({ status: 'queued', limit: 10_000 }), backend.handlers.listRuns({ status: 'running', limit: 10_000 })])
    .then(([queued, running]) => apply(watch.seed([...queued, ...running])))
    .catch(() => {
      /* the store reports its own errors; nothing to keep awake for */
    });

  return () => {
    unsubscribe();
    apply('stop');
  };
}
