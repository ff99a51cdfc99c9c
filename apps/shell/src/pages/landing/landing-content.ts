import {
  Clock,
  FileDown,
  FileText,
  GraduationCap,
  History,
  ImagePlus,
  Layers,
  LayoutTemplate,
  Palette,
  PencilLine,
  ShieldCheck,
  Sparkles,
  Upload,
  Users,
  Wand2,
  type LucideIcon,
} from 'lucide-react';

interface Blurb {
  icon: LucideIcon;
  title: string;
  description: string;
}

/** The AI model the hero names; generation runs on it. */
export const AI_MODEL_NAME = 'GPT-4o';

export const features: Blurb[] = [
  { icon: Layers, title: '5 input methods', description: 'Type it, record your screen, talk it through, snap photos or upload a video.' },
  { icon: Sparkles, title: 'AI-powered processing', description: 'Speech transcription, image analysis and an LLM turn raw input into clear steps.' },
  { icon: ImagePlus, title: 'Image attachments', description: 'Attach several screenshots or photos to any step so nobody has to guess.' },
  { icon: PencilLine, title: 'Inline editing', description: 'Fix a title, reword a step or add details right where you read them.' },
  { icon: Palette, title: 'Company branding', description: 'Add your company name and logo so every SOP looks like yours.' },
  { icon: LayoutTemplate, title: '80+ templates', description: 'Start from free templates across 10 business categories.' },
  { icon: FileDown, title: 'Multiple export formats', description: 'Export to PDF, DOCX, HTML or Markdown in one click.' },
];

export const testimonials = [
  {
    quote: 'We documented our whole client onboarding in an afternoon. New hires now follow the SOP instead of shadowing me for a week.',
    name: 'Maya Chen',
    role: 'Operations Lead, Brightline Agency',
  },
  {
    quote: 'I recorded my screen while closing the month, and Sopwright wrote the checklist. Our audit prep has never been this calm.',
    name: 'Daniel Okafor',
    role: 'Finance Manager, Northwind Logistics',
  },
  {
    quote: 'Our technicians snap photos on site and get a proper procedure back. The branded PDFs look like we paid a consultant.',
    name: 'Sofia Marquez',
    role: 'Service Director, Clearwater HVAC',
  },
];

export const howItWorks: Blurb[] = [
  { icon: Upload, title: 'Upload or Describe', description: 'Type your notes, record your screen or voice, or upload photos or a video of the process.' },
  { icon: Wand2, title: 'AI Generates Steps', description: 'Sopwright transcribes, analyses and structures it into a titled, numbered procedure.' },
  { icon: FileText, title: 'Review & Export', description: 'Edit inline, attach images, add your branding and export to PDF, DOCX, HTML or Markdown.' },
];

export const benefits: Blurb[] = [
  { icon: Clock, title: 'Saves time', description: 'Minutes instead of hours: skip the blank page and the formatting.' },
  { icon: FileText, title: 'Consistent formatting', description: 'Every SOP follows the same clear structure, whoever wrote it.' },
  { icon: History, title: 'Easy version control', description: 'Update a step when the process changes and re-export; everyone reads the current version.' },
  { icon: Users, title: 'Team knowledge sharing', description: 'Get know-how out of individual heads and into documents the whole team can use.' },
  { icon: GraduationCap, title: 'Faster onboarding', description: 'New hires learn from step-by-step guides with pictures, not from interruptions.' },
  { icon: ShieldCheck, title: 'Audit-ready compliance', description: 'Written, repeatable procedures make audits and quality checks straightforward.' },
];

/** The sample procedure the hero shows. */
export const sampleSop = {
  title: 'Onboard a new client',
  steps: ['Send the welcome email and kickoff invite', 'Create the shared project folder', 'Schedule the kickoff call and share the agenda'],
};
