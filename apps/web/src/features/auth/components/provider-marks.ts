import type { OAuthProvider } from '@app/shared/auth';

/**
 * The small round mark on each sign-in button. Its letters are 11 px, so their colours need a
 * contrast of 4.5:1 against the mark (WCAG AA; Lighthouse's check found Reddit's #ff4500 at 3.4:1
 * and Facebook's #1877f2 at 4.2:1): the brand colours are darkened to the nearest shade that passes.
 */
export const providerMarks: Record<
  OAuthProvider,
  { name: string; mark: string; background: string; text: string; ring: boolean }
> = {
  google: { name: 'Google', mark: 'G', background: '#ffffff', text: '#2563eb', ring: true },
  reddit: { name: 'Reddit', mark: 'r/', background: '#cc3700', text: '#ffffff', ring: false },
  facebook: { name: 'Facebook', mark: 'f', background: '#1465cc', text: '#ffffff', ring: false },
};
