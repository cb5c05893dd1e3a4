// The real photographs: fetched from Debian's archive into bench/.photos/ when missing (never
// committed). lomiri-wallpapers-16.04/20.04 are CC-BY / CC-BY-SA / CC0 photographs (see each
// package's copyright file); python3-skimage ships a handful of CC0 / public-domain photos among
// its synthetic test images, of which only the real photographs are used here.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';

export const debianPackages = [
  'lomiri-wallpapers-16.04',
  'lomiri-wallpapers-20.04',
  'python3-skimage',
] as const;

/** Wallpapers that are photographs; the others (Fossa, Infinite-Sea, Painting-Colors, umang) are digital renders. */
const wallpaperPhotos = [
  'Bridge_by_Sander_Klootwijk.jpg',
  'Dragonfly_by_Bolly.jpg',
  'Kleiber_by_Lukas_Baubkus.jpg',
  'Picture_0B_by_freespace.jpg',
  'Picture_1A_by_freespace.jpg',
  'Wine_by_Jakkub_Mede.jpg',
  'aitzgorri_by_Aitzol_Berasategi.jpg',
  'analogpattern_by_Peter_Nerlich.jpg',
  'free_by_Peter_Nerlich.jpg',
  'friends_by_Aitzol_Berasategi.jpg',
  'greentock_by_Peter_Nerlich.jpg',
  'life_by_Aitzol_Berasategi.jpg',
  'picosdeeuropa_by_Aitzol_Berasategi.jpg',
  'seeding_by_Clements_Engelhardt.jpg',
  'sunset_by_Aitzol_Berasategi.jpg',
];

/**
 * scikit-image's real photographs with a clear licence (CC0 or public domain, per skimage/data/_fetchers.py).
 * Left out: the synthetic/tiny test images, micrographs and scans, and the Middlebury motorcycle (other licence).
 */
const skimagePhotos = [
  'astronaut.png',
  'coffee.png',
  'chelsea.png',
  'rocket.jpg',
  'camera.png',
  'coins.png',
  'hubble_deep_field.jpg',
];

const wallpaperDir = 'extracted/usr/share/backgrounds';
const skimageDir = 'extracted/usr/lib/python3/dist-packages/skimage/data';

export interface PhotoFile {
  name: string;
  file: string;
  source: string;
}

function listPhotos(cacheDir: string): PhotoFile[] {
  const found: PhotoFile[] = [];
  for (const [dir, names, source] of [
    [wallpaperDir, wallpaperPhotos, 'lomiri-wallpapers'],
    [skimageDir, skimagePhotos, 'python3-skimage'],
  ] as const) {
    for (const name of names) {
      const file = path.join(cacheDir, dir, name);
      if (existsSync(file)) found.push({ name: name.replace(/\.(jpg|png)$/, ''), file, source });
    }
  }
  return found;
}

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (result.error || result.status !== 0) {
    const why =
      result.error?.message ?? (result.stderr || result.stdout).trim().split('\n').slice(-3).join(' / ');
    throw new Error(`${command} ${args.join(' ')} failed: ${why}`);
  }
}

/** The photos, downloading and extracting the Debian packages first when the cache lacks them. */
export async function ensurePhotos(cacheDir: string): Promise<PhotoFile[]> {
  const expected = wallpaperPhotos.length + skimagePhotos.length;
  let photos = listPhotos(cacheDir);
  if (photos.length === expected) return photos;

  await mkdir(cacheDir, { recursive: true });
  console.log(`Fetching photos: apt-get download ${debianPackages.join(' ')} (into ${cacheDir}) …`);
  run('apt-get', ['download', ...debianPackages], cacheDir);
  const debs = readdirSync(cacheDir).filter((name) => name.endsWith('.deb'));
  for (const pkg of debianPackages) {
    const deb = debs.find((name) => name.startsWith(`${pkg}_`));
    if (!deb) throw new Error(`apt-get download left no .deb for ${pkg}`);
    run('dpkg-deb', ['-x', deb, 'extracted'], cacheDir);
  }
  photos = listPhotos(cacheDir);
  if (photos.length < 20)
    throw new Error(
      `only ${photos.length} of the ${expected} expected photos were found after extracting the packages`,
    );
  return photos;
}
