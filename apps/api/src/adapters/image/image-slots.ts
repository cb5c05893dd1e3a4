import { createLimiter } from './limiter.js';

/**
 * Decoding a photo holds all its pixels in memory: every image job in this process (upload
 * cleaning, protection) waits for one of these slots, so bursts queue instead of piling up.
 */
export const withImageSlot = createLimiter(2);
