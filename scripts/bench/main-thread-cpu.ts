/**
 * The page's main-thread work as CPU time: the same top-level tasks Lighthouse's
 * mainthread-work-breakdown adds up, but each counted by the thread's own clock (the trace's
 * `tdur`) instead of the wall clock, times the CPU slowdown. On a busy machine the main thread
 * waits for a core inside its tasks, which the wall clock counts and the thread clock does not:
 * this figure moves far less with the load, so two runs, or a before and an after, compare.
 */
import type { Trace } from 'lighthouse/types/artifacts.js';
import { MainThreadTasks } from 'lighthouse/core/lib/tracehouse/main-thread-tasks.js';
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';

export function mainThreadCpuMs(trace: Trace, cpuSlowdownMultiplier: number): number {
  const processed = TraceProcessor.processTrace(trace);
  const tasks = MainThreadTasks.getMainThreadTasks(
    processed.mainThreadEvents,
    processed.frames,
    processed.timestamps.traceEnd,
    processed.timestamps.timeOrigin,
  );
  let microseconds = 0;
  for (const task of tasks) {
    // Top-level tasks hold their children's time; `tdur` (microseconds) is in Chromium's trace
    // events, not in Lighthouse's type for them.
    const { tdur } = task.event as { tdur?: number };
    if (!task.parent) microseconds += tdur ?? 0;
  }
  return (microseconds / 1000) * cpuSlowdownMultiplier;
}
