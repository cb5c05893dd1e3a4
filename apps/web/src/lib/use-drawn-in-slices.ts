import { useDeferredValue } from 'react';

/**
 * A query's first answer, drawn in React's interruptible slices. TanStack Query hands an answer to
 * React as an urgent update (useSyncExternalStore), so a page that draws a long list or a whole
 * form the moment its data arrives does it in one task: up to half a second on a mid-range phone,
 * in which a tap waits (docs/performance.md). Until the first answer is drawn this returns
 * undefined (the page keeps its skeleton) and React draws the answer in a background render that
 * yields to input. Every later change (a delete, a new page, a filter) is returned at once, so what
 * she does shows without delay.
 */
export function useDrawnInSlices<Value>(value: Value | undefined): Value | undefined {
  const deferred = useDeferredValue(value);
  return deferred === undefined ? deferred : value;
}
