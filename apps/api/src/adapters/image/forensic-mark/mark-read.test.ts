import { describe, expect, it } from 'vitest';
import { embedForensicMark } from './forensic-mark.js';
import { decodePayload } from './mark-payload.js';
import { loadMarkGrid, payloadEvidence, refine, syncPeak } from './mark-read.js';
import { testPicture } from './test-pictures.js';

describe('mark reader', () => {
  it('climbs from a coarse geometry three scale steps and one angle step off to the mark, and reads it there', async () => {
    const markId = 987_654_321;
    const marked = (
      await embedForensicMark({ data: await testPicture(1600, 1200, 7), format: 'jpeg' }, markId)
    ).data;
    const grid = await loadMarkGrid(marked);
    // Where the spectrum's coarse grid (steps of 0.4% and 0.2°) can leave the candidate on a busy photo.
    const start = syncPeak(grid, { scale: 1 / 1.004 ** 3, degrees: -0.2 });
    const peak = refine(grid, start);
    expect(Math.abs(peak.scale - 1)).toBeLessThan(0.0025);
    expect(Math.abs(peak.degrees)).toBeLessThan(0.15);
    expect(peak.score).toBeGreaterThan(start.score * 1.5);
    expect(decodePayload(payloadEvidence(peak).bits)).toBe(markId);
  });
});
