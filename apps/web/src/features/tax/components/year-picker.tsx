import { minTaxYear } from '@app/shared/tax';
import { taxPageTexts } from '../tax-texts';

/** This year and next first (next year's first payment may already be planned), back to 2000. */
export function taxYearChoices(now = new Date()): number[] {
  const latest = now.getUTCFullYear() + 1;
  return Array.from({ length: latest - minTaxYear + 1 }, (_, index) => latest - index);
}

export function YearPicker({ year, onChange }: { year: number; onChange: (year: number) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm font-medium text-zinc-800 dark:text-zinc-200">
      {taxPageTexts.yearLabel}
      <select
        value={year}
        onChange={(event) => onChange(Number(event.target.value))}
        className="h-10 cursor-pointer rounded-lg border border-zinc-300 bg-white px-3 text-sm text-zinc-900 shadow-sm dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100"
      >
        {taxYearChoices().map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
    </label>
  );
}
