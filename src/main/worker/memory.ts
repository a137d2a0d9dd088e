import type { MemoryUse } from '../../core/engine/run-types';

/**
 * Measures this solver process's memory: its resident set now, and the most it has held. The
 * resident set is the whole process's, so a run's worker threads are counted with it. The peak
 * takes the kernel's high-water mark too (`maxRSS`), so a spike between two samples is not missed.
 * A sample is two cheap system calls; it is taken as often as progress is posted, no more.
 */
export function memoryMeter(): () => MemoryUse {
  let peak = 0;
  return () => {
    const rss = process.memoryUsage.rss();
    // maxRSS is in kilobytes (getrusage's ru_maxrss).
    peak = Math.max(peak, rss, process.resourceUsage().maxRSS * 1024);
    return { rssBytes: rss, peakRssBytes: peak };
  };
}
