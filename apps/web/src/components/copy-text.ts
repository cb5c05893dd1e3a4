/**
 * Puts text on the clipboard. The async Clipboard API needs a secure context and a focused page;
 * where it is missing or refuses (plain http on a LAN address, older browsers), a hidden textarea
 * and execCommand('copy') still work inside the click that asked for it.
 */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Fall through to the older way, which some refusals still allow.
    }
  }
  if (!copyWithSelection(text)) throw new Error('The browser did not allow copying to the clipboard');
}

function copyWithSelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  // Off screen but still selectable; fixed so the page does not scroll to it.
  area.style.position = 'fixed';
  area.style.top = '-1000px';
  area.style.opacity = '0';
  const previousFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  document.body.append(area);
  try {
    area.select();
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    previousFocus?.focus();
  }
}
