import type { FileRule } from '../uploads/receive-upload';

const MB = 1024 * 1024;

/** Per source: the multipart field, its limits, and the types accepted by content (detected → recorded). */
export const mediaUploadRules = {
  video: {
    maxBytes: 100 * MB,
    maxCount: 1,
    tooLargeMessage: 'Videos must be 100MB or smaller',
    types: { 'video/mp4': 'video/mp4', 'video/x-m4v': 'video/mp4', 'video/webm': 'video/webm' },
    wrongTypeMessage: 'Please upload an MP4 or WebM video',
  },
  audio: {
    maxBytes: 100 * MB,
    maxCount: 1,
    tooLargeMessage: 'Recordings must be 100MB or smaller',
    // file-type calls any WebM video/webm; an audio-only one is still a recording.
    types: {
      'video/webm': 'audio/webm',
      'audio/webm': 'audio/webm',
      'audio/ogg': 'audio/ogg',
      'audio/opus': 'audio/ogg',
      'audio/wav': 'audio/wav',
      'audio/vnd.wave': 'audio/wav',
      'audio/x-wav': 'audio/wav',
      'audio/mpeg': 'audio/mpeg',
    },
    wrongTypeMessage: 'Please upload a WebM, OGG, WAV or MP3 recording',
  },
  photos: {
    maxBytes: 10 * MB,
    maxCount: 10,
    tooLargeMessage: 'Photos must be 10MB or smaller',
    tooManyMessage: 'You can upload at most 10 photos',
    types: { 'image/jpeg': 'image/jpeg', 'image/png': 'image/png', 'image/webp': 'image/webp' },
    wrongTypeMessage: 'Photos must be JPEG, PNG or WebP images',
  },
} satisfies Record<string, FileRule>;

/** The spec's messages when nothing was sent. */
export const missingUploadMessages = {
  video: 'Please upload an MP4 video file',
  screenRecording: 'Please record your process first',
  audio: 'Please record your description first',
  photos: 'Please upload at least one photo',
} as const;
