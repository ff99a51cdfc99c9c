import { notify } from '@sopwright/ui';
import { useCallback, useEffect, useRef, useState } from 'react';

export type RecordingKind = 'screen' | 'microphone';

async function openStream(kind: RecordingKind): Promise<MediaStream> {
  if (kind === 'microphone') return navigator.mediaDevices.getUserMedia({ audio: true });
  const screen = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: true });
  // Narration over the screen: add the microphone when the user allows it; the recording works without.
  try {
    const microphone = await navigator.mediaDevices.getUserMedia({ audio: true });
    microphone.getAudioTracks().forEach((track) => screen.addTrack(track));
  } catch {
    /* no microphone: a silent screen recording still makes an SOP from its frames */
  }
  return screen;
}

/** Records the screen or the microphone as webm, with an elapsed timer in whole seconds. */
export function useMediaRecorder(kind: RecordingKind) {
  const [recording, setRecording] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const [blob, setBlob] = useState<Blob | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const timer = useRef<number | undefined>(undefined);

  const releaseStream = () => {
    window.clearInterval(timer.current);
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
  };

  const stop = useCallback(() => {
    if (recorder.current?.state === 'recording') recorder.current.stop();
  }, []);

  const start = async () => {
    try {
      const media = await openStream(kind);
      stream.current = media;
      const mimeType = kind === 'microphone' ? 'audio/webm' : 'video/webm';
      const chunks: Blob[] = [];
      const mediaRecorder = new MediaRecorder(media, MediaRecorder.isTypeSupported(mimeType) ? { mimeType } : undefined);
      mediaRecorder.ondataavailable = (event) => event.data.size > 0 && chunks.push(event.data);
      mediaRecorder.onstop = () => {
        releaseStream();
        const recorded = new Blob(chunks, { type: mimeType });
        setBlob(recorded);
        setPreviewUrl(URL.createObjectURL(recorded));
        setRecording(false);
        notify.success('Recording stopped');
      };
      // The browser's own "Stop sharing" ends the video track: treat it as Stop.
      media.getVideoTracks().forEach((track) => track.addEventListener('ended', () => stop()));
      recorder.current = mediaRecorder;
      mediaRecorder.start(1000);
      const startedAt = Date.now();
      setElapsed(0);
      timer.current = window.setInterval(() => setElapsed(Math.floor((Date.now() - startedAt) / 1000)), 1000);
      setBlob(null);
      setPreviewUrl(null);
      setRecording(true);
      notify.success('Recording started');
    } catch (error) {
      releaseStream();
      const fallback = kind === 'microphone' ? 'Could not access microphone' : 'Could not access screen recording';
      notify.error('Recording failed', error instanceof Error && error.message ? error.message : fallback);
    }
  };

  const reset = () => {
    setBlob(null);
    setPreviewUrl(null);
    setElapsed(0);
  };

  useEffect(() => () => previewUrl ? URL.revokeObjectURL(previewUrl) : undefined, [previewUrl]);
  // Leaving the page ends the capture: no camera light or screen share left behind.
  useEffect(
    () => () => {
      if (recorder.current?.state === 'recording') {
        recorder.current.onstop = null;
        recorder.current.stop();
      }
      releaseStream();
    },
    [],
  );

  return { recording, elapsed, blob, previewUrl, start, stop, reset };
}
