import { imperativeVerbs } from './imperative-verbs';

export interface StructuredStep {
  title: string;
  details: string;
}

export interface StructuredSop {
  title: string;
  steps: StructuredStep[];
}

const MAX_TITLE = 90;

/** Words people say or type that carry no instruction. */
const fillers = /\b(um+|uh+|erm|you know|basically|actually|kind of|sort of|like,)\s*/gi;
/** A line that starts a list item: "1.", "2)", "-", "*", "•", "Step 3:". */
const listMarker = /^\s*(?:(?:step\s+)?\d{1,3}\s*[.):-]|[-*•–])\s+/i;
/** Discourse cues that open the next step in running text. */
const cue = /(?:^|[,;]\s*|\s)(?:and\s+)?(?:first(?:ly)?|second(?:ly)?|then|next|after that|afterwards|once (?:that(?:'s| is) done|done)|when (?:that(?:'s| is) done|done)|finally|lastly|last)\b[,:]?\s*/i;
/** Lead-ins that turn an instruction into a statement about it. */
const leadIns = /^(?:(?:so|and|now|ok(?:ay)?|also|please|just)\s*,?\s+)*(?:(?:you|we|I)(?:'ll| will| should| need to| have to| must| can| want to| wanna| gotta)?|make sure (?:that )?you|(?:don't )?forget to|remember to|it's time to|go ahead and|let's)\s+/i;
/** Where a long sentence stops being the instruction and starts explaining it. */
const explanation = /\s+(?:so that|so|because|since|which|in order to|to make sure|otherwise)\s+|,\s+(?:so|because|which|and it|and that)\s+/i;

function clean(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(fillers, '').replace(/[ \t]+/g, ' ');
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const trimPunctuation = (text: string) => text.replace(/^[\s,;:–-]+|[\s,;:]+$/g, '');

/** The sentence as an instruction, if it is one: lead-ins dropped, first word a verb. */
function asInstruction(sentence: string): string | null {
  const stripped = trimPunctuation(sentence.replace(leadIns, ''));
  const firstWord = stripped.split(/\s+/)[0]?.toLowerCase().replace(/[^a-z]/g, '') ?? '';
  return imperativeVerbs.has(firstWord) ? capitalise(stripped) : null;
}

/** Splits a step's words into a short title and the explanation that follows it. */
function splitTitle(instruction: string): StructuredStep {
  const text = instruction.replace(/[.!]+$/, '');
  const match = explanation.exec(text);
  let title = match && match.index > 12 ? text.slice(0, match.index) : text;
  let details = match && match.index > 12 ? capitalise(trimPunctuation(text.slice(match.index))) : '';
  if (title.length > MAX_TITLE) {
    const comma = title.lastIndexOf(',', MAX_TITLE);
    const cut = comma > 20 ? comma : title.lastIndexOf(' ', MAX_TITLE);
    details = capitalise(trimPunctuation(`${title.slice(cut)}${details ? `. ${details}` : ''}`));
    title = title.slice(0, cut);
  }
  return { title: trimPunctuation(title), details: details && !/[.!?]$/.test(details) ? `${details}.` : details };
}

function sentences(paragraph: string): string[] {
  return paragraph
    .split(/(?<!\b(?:e\.g|i\.e|etc|vs|approx|no|incl))(?<=[.!?])\s+(?=\S)/i)
    .flatMap((sentence) => sentence.split(cue))
    .map((part) => part.trim())
    .filter((part) => part.replace(/[^a-z0-9]/gi, '').length > 2);
}

const asSentence = (text: string) => {
  const sentence = capitalise(trimPunctuation(text));
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
};

const addDetail = (step: StructuredStep, text: string) => {
  step.details = step.details ? `${step.details} ${asSentence(text)}` : asSentence(text);
};

/** Numbered or bulleted input: each item is a step, following lines are its details. */
function fromList(lines: string[]): StructuredStep[] {
  const steps: StructuredStep[] = [];
  for (const line of lines) {
    if (listMarker.test(line)) {
      const item = line.replace(listMarker, '').trim();
      const [first, ...rest] = item.split(/(?<=[.!?])\s+/);
      const step = splitTitle(asInstruction(first!) ?? capitalise(first!));
      steps.push(step);
      for (const sentence of rest) addDetail(step, sentence);
    } else if (steps.length > 0) {
      addDetail(steps[steps.length - 1]!, line);
    }
  }
  return steps;
}

/** Running text: instructions become steps, other sentences explain the step before them. */
function fromProse(text: string): StructuredStep[] {
  const steps: StructuredStep[] = [];
  const preface: string[] = [];
  for (const sentence of sentences(text.replace(/\n+/g, ' '))) {
    const instruction = asInstruction(sentence);
    if (instruction) steps.push(splitTitle(instruction));
    else if (steps.length > 0) addDetail(steps[steps.length - 1]!, sentence);
    else preface.push(sentence);
  }
  if (steps.length === 0) return preface.map((sentence) => splitTitle(capitalise(sentence)));
  // Context given before the first instruction belongs to it.
  steps[0]!.details = [...preface.map(asSentence), steps[0]!.details].filter(Boolean).join(' ');
  return steps;
}

/** "How to X", "Procedure for X" or a first line ending in a colon names the SOP. */
export function deriveTitle(text: string): string | null {
  const firstLine = text.trim().split('\n')[0]?.trim() ?? '';
  const named = /\b(?:how to|procedure for|process for|steps to|guide to)\s+([^.:\n]{3,80})/i.exec(text);
  if (named) return capitalise(named[1]!.trim());
  if (firstLine.endsWith(':') && firstLine.length <= 80) return capitalise(firstLine.slice(0, -1).trim());
  return null;
}

/**
 * The offline structurer: deterministic, no model. Lists become one step per item; prose
 * is split into sentences and at cue words (first, then, next, finally), instructions are
 * recognised by their leading verb, and everything else becomes details of its step.
 */
export function structureText(text: string, title: string): StructuredSop {
  const cleaned = clean(text);
  const lines = cleaned.split('\n').map((line) => line.trim()).filter(Boolean);
  const listLines = lines.filter((line) => listMarker.test(line)).length;
  const body = deriveTitle(cleaned) && lines[0]?.endsWith(':') ? lines.slice(1) : lines;
  const steps = listLines >= 2 ? fromList(body) : fromProse(body.join('\n'));
  return {
    title: title.trim() || deriveTitle(cleaned) || steps[0]?.title || 'Generated SOP',
    steps: steps.filter((step) => step.title.length > 0).slice(0, 200),
  };
}
