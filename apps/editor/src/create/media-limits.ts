/** Spec §9 limits, checked here for a quick answer; the server enforces them by content. */
export const MAX_PHOTOS = 10;
export const MAX_VIDEO_BYTES = 100 * 1024 * 1024;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const VIDEO_TYPES = ['video/mp4', 'video/webm'];

/** Elapsed recording time as m:ss (spec: the timer ticks every second). */
export function formatElapsed(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Adds picked photos in order, keeping at most MAX_PHOTOS; says how many did not fit. */
export function addPhotos<T>(current: T[], picked: T[]): { photos: T[]; dropped: number } {
  const room = Math.max(0, MAX_PHOTOS - current.length);
  return { photos: [...current, ...picked.slice(0, room)], dropped: Math.max(0, picked.length - room) };
}

/** Why a chosen video cannot be sent, or null when it can. */
export function videoProblem(file: { type: string; size: number }): string | null {
  if (!VIDEO_TYPES.includes(file.type)) return 'Please choose an MP4 or WebM video';
  if (file.size > MAX_VIDEO_BYTES) return 'Videos must be 100MB or smaller';
  return null;
}
