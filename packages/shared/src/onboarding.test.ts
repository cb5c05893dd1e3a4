import { describe, expect, it } from 'vitest';
import { walkthroughSteps } from './onboarding';

describe('walkthrough texts', () => {
  it('promises from ImageShield only what it does and measures', () => {
    const step = walkthroughSteps.find((s) => s.id === 'image-shield')!;
    // The copies are geometrically edited (visible side by side), so "invisible" would be untrue.
    expect(step.body).not.toMatch(/invisible/i);
    expect(step.body).toMatch(/rotates, stretches and tints/);
    expect(step.body).toMatch(/shows which no longer match/);
    // Fingerprints are what is measured; local-feature and AI search are not defeated (docs/imageshield.md).
    expect(step.body).toMatch(/local details or using AI may still find it/);
  });
});
