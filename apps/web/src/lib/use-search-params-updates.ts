import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

/**
 * useSearchParams whose updates build on each other. React Router gives a functional update the
 * address of the last render, so two changes made before the page draws again (two filters picked
 * in quick succession, while a transition renders the first) would both start from the same address
 * and the second would undo the first. Here an update starts from the last address asked for, until
 * the router has drawn it; a move by anything else (a link, Back) is taken as it comes.
 */
export function useSearchParamsUpdates() {
  const [searchParams, setSearchParams] = useSearchParams();
  const latest = useRef(searchParams);
  const pending = useRef<string[]>([]);
  useEffect(() => {
    const drawn = pending.current.indexOf(searchParams.toString());
    pending.current = drawn === -1 ? [] : pending.current.slice(drawn + 1);
    if (pending.current.length === 0) latest.current = searchParams;
  }, [searchParams]);
  const update = useCallback(
    (change: (previous: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => {
      const next = change(new URLSearchParams(latest.current));
      if (next.toString() === latest.current.toString()) return;
      latest.current = next;
      pending.current.push(next.toString());
      void setSearchParams(next, options);
    },
    [setSearchParams],
  );
  return [searchParams, update] as const;
}
