import { describe, expect, it } from 'vitest';
import { walkthroughSteps } from './onboarding';

describe('walkthrough texts', () => {
  it('promises from ImageShield only what it does and measures', () => {
    const step = walkthroughSteps.find((s) => s.id === 'image-shield')!;
    // The copies are geometrically edited (visible side by side), so "invisible" would be untrue.
    expect(step.body).not.toMatch(/invisible/i);
    expect(step.body).toMatch(/rotates, crops and tints/);
    expect(step.body).toMatch(/shows which no longer match/);
  });
});
