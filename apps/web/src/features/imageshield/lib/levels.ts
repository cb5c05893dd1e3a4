import { mediaTexts, type ProtectionLevel } from '@app/shared/media';

interface LevelOption {
  level: ProtectionLevel;
  /** The gallery's button name for this level (docs/product.md#imageshield), so both places use one word. */
  label: string;
  summary: string;
  detail: string;
}

/** The three levels, mildest first, described by what they visibly do to the photo. */
export const levelOptions: readonly LevelOption[] = [
  {
    level: 'light',
    label: mediaTexts.lightShield,
    summary: 'Subtle',
    detail: 'A slight tilt, crop and colour shift you will hardly notice.',
  },
  {
    level: 'standard',
    label: mediaTexts.quickProtect,
    summary: 'Balanced, recommended',
    detail: 'A clearer tilt and crop. Still looks like your photo.',
  },
  {
    level: 'heavy',
    label: mediaTexts.heavyShield,
    summary: 'Strongest, adds a frame',
    detail: 'Bigger changes plus a frame around the photo.',
  },
];

export function levelLabel(level: ProtectionLevel): string {
  return levelOptions.find((option) => option.level === level)?.label ?? level;
}
