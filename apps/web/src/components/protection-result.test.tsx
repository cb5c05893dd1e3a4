import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { imageshieldTexts } from '@app/shared/imageshield';
import { hashLabels, hashNames } from '@app/shared/media';
import { makeReport } from '../testing/protection-report-fixtures';
import { ProtectionResult } from './protection-result';

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('protection result panel', () => {
  it('says no detector matched, and lists every detector with its bits and mark', () => {
    render(<ProtectionResult report={makeReport({ watermarked: true })} level="standard" />);
    const panel = screen.getByRole('region', {
      name: 'Fingerprint check: no match found by any of 6 detectors',
    });
    expect(panel).toHaveTextContent('no longer matches your original under any fingerprint');
    expect(rows().map((row) => within(row).getByRole('rowheader').textContent)).toEqual(
      hashNames.map((name) => hashLabels[name]),
    );
    const pdq = rows()[0]!;
    expect(pdq).toHaveTextContent('PDQ (Meta)129/256 (≤ 43), a match at 43 or fewerNot matched');
    expect(within(panel).queryByText('Matched')).not.toBeInTheDocument();
    expect(panel).toHaveTextContent('Passed on the first attempt');
    expect(panel).toHaveTextContent('Watermark added');
    expect(panel).toHaveTextContent(imageshieldTexts.scope);
  });

  it('names the detectors that still match and suggests a stronger level', () => {
    render(
      <ProtectionResult report={makeReport({ matched: ['phash', 'dhash'], attempts: 4 })} level="light" />,
    );
    const panel = screen.getByRole('region', { name: 'Still matched by pHash and dHash' });
    expect(within(panel).getAllByText('Matched')).toHaveLength(2);
    expect(within(panel).getAllByText('Not matched')).toHaveLength(4);
    expect(rows()[1]).toHaveTextContent('pHash9/64 (≤ 11), a match at 11 or fewerMatched');
    expect(panel).toHaveTextContent('Protect it again with Heavy Shield');
    expect(panel).toHaveTextContent('Still matched after 4 attempts');
    expect(panel).toHaveTextContent('No watermark');
  });

  it('gives other advice when even the heavy level still matches', () => {
    render(<ProtectionResult report={makeReport({ matched: ['pdq'] })} level="heavy" />);
    const panel = screen.getByRole('region', { name: 'Still matched by PDQ (Meta)' });
    expect(panel).toHaveTextContent('Even the strongest level');
    expect(panel).not.toHaveTextContent('Protect it again with Heavy Shield');
  });
});
