import { FileText, Image, Mic, MonitorPlay, Video, type LucideIcon } from 'lucide-react';

/** The five sources of an SOP, in the spec's tab order. */
export const sourceTabs: { value: string; label: string; icon: LucideIcon; description: string }[] = [
  { value: 'text', label: 'Write Process', icon: FileText, description: 'Give your SOP a title and describe the process in your own words.' },
  { value: 'screen', label: 'Screen Recording', icon: MonitorPlay, description: 'Record your screen while you do the task; Sopwright writes down the steps.' },
  { value: 'audio', label: 'Audio Description', icon: Mic, description: 'Talk through the process with your microphone, as if explaining it to a new colleague.' },
  { value: 'photos', label: 'From Photos', icon: Image, description: 'Upload up to 10 photos or screenshots of the process, in order.' },
  { value: 'video', label: 'Upload Video', icon: Video, description: 'Upload an MP4 or WebM video (up to 100MB) of the process.' },
];
