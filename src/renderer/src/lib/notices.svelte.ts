/**
 * The one notices store: short messages about what just happened ("Cleared 36 pieces", "Run 4
 * finished"), each with an optional action (Undo, Open). Every view notifies through it; one
 * component (lib/Notices.svelte, in App) shows them. Errors stay longer than news.
 */
export type NoticeKind = 'info' | 'done' | 'error';

export interface NoticeAction {
  label: string;
  run: () => void;
}

export interface Notice {
  id: number;
  text: string;
  kind: NoticeKind;
  action?: NoticeAction;
}

const MAX_SHOWN = 4;

class Notices {
  list = $state<Notice[]>([]);
  private seq = 0;

  /** Show a message; returns its id. */
  notify(text: string, kind: NoticeKind = 'info', action?: NoticeAction): number {
    const id = ++this.seq;
    this.list = [...this.list.slice(-(MAX_SHOWN - 1)), { id, text, kind, ...(action ? { action } : {}) }];
    setTimeout(() => this.dismiss(id), kind === 'error' || action ? 10_000 : 5000);
    return id;
  }

  dismiss(id: number): void {
    this.list = this.list.filter((n) => n.id !== id);
  }
}

export const notices = new Notices();
