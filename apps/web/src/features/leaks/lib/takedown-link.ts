import type { TraceResult } from '@app/shared/leak-trace';

/** Where "Start a takedown notice" leads (the leak cases pages of this feature). */
export const newLeakCasePath = '/leaks/cases/new';

/** The router state that link carries: the trace answer, kept by the case as its evidence. */
export interface NewLeakCaseState {
  trace: TraceResult;
}
