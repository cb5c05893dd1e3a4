/** Router state that opens /login with the e-mail filled in (e.g. after verifying it). */
export function loginPrefillState(email: string) {
  return { prefillEmail: email };
}

export function prefillFrom(state: unknown): string | undefined {
  const email = (state as { prefillEmail?: unknown } | null)?.prefillEmail;
  return typeof email === 'string' && email !== '' ? email : undefined;
}
