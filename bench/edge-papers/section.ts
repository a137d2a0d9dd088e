/** What edge-papers.ts hands each section and gets back: its own module, so the sections it loads never import it. */
export interface SectionOptions {
  /** Small budgets for a smoke run; the full run reproduces the papers' protocol. */
  quick: boolean;
  raw: Record<string, string | true>;
  log(line: string): void;
}
export type Section = (opts: SectionOptions) => Promise<string>;
