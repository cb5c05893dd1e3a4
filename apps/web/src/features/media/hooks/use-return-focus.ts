import { useRef, type RefObject } from 'react';

/**
 * Focus return for dialogs opened without a Radix Trigger (one dialog, many openers): Radix
 * would send focus to its missing trigger, i.e. nowhere. This sends it back to the opener, or to
 * the fallback when the opener is gone (its item was deleted).
 */
export function useReturnFocus(fallback?: RefObject<HTMLElement | null>) {
  const opener = useRef<HTMLElement | null>(null);

  function remember(element?: HTMLElement | null) {
    const active = document.activeElement;
    opener.current = element ?? (active instanceof HTMLElement ? active : null);
  }

  function onCloseAutoFocus(event: Event) {
    event.preventDefault();
    const target = opener.current?.isConnected ? opener.current : fallback?.current;
    target?.focus();
  }

  return { remember, onCloseAutoFocus };
}
