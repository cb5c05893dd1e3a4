// docs/product.md#accounts-and-sign-in: the referral code from ?ref= survives until a signup applied it successfully.
const storageKey = 'pendingReferralCode';
const maxLength = 40;

export function savePendingReferralCode(raw: string): void {
  const code = raw.trim().toUpperCase();
  if (code === '' || code.length > maxLength) return;
  try {
    localStorage.setItem(storageKey, code);
  } catch {
    // Storage can be blocked (private mode); the referral is then simply not remembered.
  }
}

export function getPendingReferralCode(): string | null {
  try {
    return localStorage.getItem(storageKey);
  } catch {
    return null;
  }
}

export function clearPendingReferralCode(): void {
  try {
    localStorage.removeItem(storageKey);
  } catch {
    // Nothing stored that could be cleared.
  }
}
