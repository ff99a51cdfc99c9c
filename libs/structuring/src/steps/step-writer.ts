// The draft SOP and its steps, and the writer that adds each reading to them.
import { asSentence, capitalise, uncapitalise, type Reading } from '../clauses/instruction';
import { isRemarkLabel } from '../language/lexicon';
import { topicIn } from '../prose/pronouns';
import { PersonTracker } from './editing';
import { fitTitle, MAX_TITLE } from './titles';

/** A condition that only narrows what was just said ("…, unless stated otherwise"), rather than starting what comes next. */
const qualifiesWhatWasSaid = /^(?:unless|except)\b/i;

/**
 * Conditions written before the step they qualify: what the step is for ("For automatic or mechanical watches, book
 * in for the workshop") and the answer to the question before ("If yes, tell them to call 999", "If not, rebook").
 */
const leadsTheStep = /^(?:for\s|if (?:yes|so|not|no)$)/i;

/** A title with the case it was written behind taken off: "If not, fit the side sheets" → "fit the side sheets". */
export const withoutLeadingCase = (title: string) => title.replace(/^(?:if (?:yes|so|not|no)|for [^,]{1,60}),\s+/i, '');

export interface DraftStep {
  title: string;
  details: string;
  /** The words of the description the step was read from, as written: where a narration says it. */
  source: string;
}

export interface DraftSop {
  /** A title the text gives itself (a heading, "how to …"); null when it names none. */
  title: string | null;
  /** What the text says before its first step: a preamble, not a step. */
  context: string;
  steps: DraftStep[];
}

/** A StepWriter's state, to go back to. */
export interface WriterMark {
  steps: number;
  last: DraftStep | undefined;
  context: number;
  pending: Qualifier | null;
  section: string;
  prefix: string;
}

export type Qualifier = Extract<Reading, { kind: 'condition' } | { kind: 'trigger' }>;

export class StepWriter {
  readonly steps: DraftStep[] = [];
  readonly context: string[] = [];
  /** Who "them" is: the person the description last named. */
  readonly people = new PersonTracker();
  /** The thing talk last announced ("okay so carpet"): what a lone "it" means until the next one. */
  spokenOf: string | null = null;
  /** Where the description names what it is about (its heading or preamble). */
  opening = '';

  /** The thing the procedure is about, named before its first step: what a lone "it" means. */
  topic(): string | null {
    if (this.steps.length > 0 && this.firstTopic !== undefined) return this.firstTopic;
    const lead = this.steps.length === 0 ? [this.section, this.pending?.text ?? ''] : [];
    return topicIn([this.opening, ...this.context, ...lead].join('. '));
  }

  /** The topic as it stood when the first step was written (its lead-in is spent then). */
  private firstTopic: string | null | undefined;
  /** A condition or trigger waiting for the instruction it qualifies. */
  private pending: Qualifier | null = null;
  /** Details to open the next step with (a section heading). */
  private section = '';

  get last(): DraftStep | undefined {
    return this.steps[this.steps.length - 1];
  }

  /** A label for the next step's title ("Bedding plants: …"). */
  private prefix = '';

  prefixNext(label: string) {
    this.prefix = label;
  }

  /** Words that open the next step's details. */
  leadNext(sentence: string) {
    this.section = [this.section, sentence].filter(Boolean).join(' ');
  }

  /** The words that would open the next step's details, added since `before` was read (and no longer waiting). */
  takeLead(before: string): string {
    if (!this.section.startsWith(before) || this.section === before) return '';
    const added = this.section.slice(before.length).trim();
    this.section = before;
    return added;
  }

  /** The words waiting to open the next step's details. */
  get lead(): string {
    return this.section;
  }

  /** The verb of an item whose sub-items are things to check ("Verify:"), while they are written. */
  checking: string | null = null;

  /** The name the first line of notes gives them, for the SOP's title. */
  named: string | null = null;

  /** Whether the description's title line has been read apart from its notes ("COLD CHAIN DELIVERIES - driver notes"). */
  titled = false;

  /** What the step over the sub-items being written reads ("the wind reading"), for ranges named in them. */
  measured: string | null = null;

  /** The section heading the steps are under ("Pre-start checks"). */
  heading = '';

  setSection(heading: string) {
    this.flushPending();
    this.prefix = '';
    this.heading = heading;
    this.section = asSentence(heading).replace(/\.$/, ':');
  }

  add(reading: Reading, options: { before?: boolean; forward?: boolean } = {}) {
    if (reading.kind === 'condition' || reading.kind === 'trigger') {
      if (options.forward) {
        this.flushPending();
        this.pending = reading;
      } else this.qualifyLast(reading);
      return;
    }
    // ("brix first: 10 samples across rows, refractometer": in notes what a label says, if it says no instruction, is the step as jotted.)
    const said = reading.kind === 'statement' ? reading.text.replace(/[\s.;,]+$/, '') : '';
    if (this.prefix && !isRemarkLabel(this.prefix) && /\p{L}/u.test(said) && !/^(?:because|so|which|eg|ie|note)\b/i.test(said) && `${this.prefix}: ${said}`.length <= MAX_TITLE) reading = { kind: 'action', title: capitalise(said), details: '', source: said };
    // ("No exceptions", "then continue": emphasis, or going on as before, is no step of its own.)
    // ("then you can crack on", "so listen,", "halfway first, then all the way": going on, asking to be heard, or the rest of the last step.)
    if (reading.kind === 'action' && /^(?:no exceptions|no excuses|continue|carry on|proceed|crack on|get cracking|off you go|away you go|listen|all the way|the rest of the way)[.!,]*$/i.test(reading.title.trim())) reading = { kind: 'statement', text: reading.title };
    if (reading.kind === 'statement') {
      this.prefix = '';
      // "if they're logged in, that's enough": a condition before a statement qualifies the statement.
      const qualifier = this.pending && reading.text.replace(/[^\p{L}\p{N}]/gu, '') ? this.pending.text.replace(/[\s.,;:]+$/, '') : '';
      if (qualifier) reading = { kind: 'statement', text: `${qualifier}, ${uncapitalise(reading.text)}` };
      if (qualifier) this.pending = null;
      this.flushPending();
      if (!reading.text.replace(/[^\p{L}\p{N}]/gu, '')) return;
      if (this.last) this.addDetail(this.last, asSentence(reading.text));
      // ("All bookings go through the portal unless stated otherwise.": before any step, it narrows what the context says last.)
      else if (this.context.length > 0 && qualifiesWhatWasSaid.test(reading.text)) this.context.push(`${this.context.pop()!.replace(/[.!?]+$/, '')} ${uncapitalise(asSentence(reading.text))}`);
      else this.context.push(asSentence(reading.text));
      return;
    }
    const { title: unlabelled, aside } = withoutAside(reading.title);
    const asWritten = this.prefix ? `${this.prefix}: ${uncapitalise(unlabelled)}` : unlabelled;
    this.prefix = '';
    // "Log pH + nitrate": shorthand joins read as words in a title; "photo every receipt" says "photograph".
    // ("route card in cab –": a dash left at the end of a line of notes is no part of the title.)
    const title = asWritten.replace(/\s[+&]\s/g, ' and ').replace(/^photo(?=\s+(?!ID\b|id\b)\S)/i, 'Photograph').replace(/\s+[–—-]+$/, '');
    const step = { title, details: [this.section, aside, reading.details].filter(Boolean).join(' '), source: reading.source };
    if (this.steps.length === 0) this.firstTopic = this.topic();
    this.section = '';
    if (this.pending) this.qualify(step, this.pending);
    this.pending = null;
    const fitted = fitTitle(step.title, step.details);
    const placed = { ...step, title: fitted.title, details: fitted.details };
    if (options.before && this.steps.length > 0) this.steps.splice(this.steps.length - 1, 0, placed);
    else this.steps.push(placed);
  }

  /** A condition with no instruction after it qualifies the step before ("…, if it is red"). */
  private qualifyLast(reading: Qualifier) {
    if (this.last) this.qualify(this.last, reading, true);
    else this.context.push(asSentence(reading.text));
  }

  private flushPending() {
    if (this.pending) this.qualifyLast(this.pending);
    this.pending = null;
  }

  /** Short conditions stay in the title; triggers and long conditions open the details. */
  private qualify(step: DraftStep, reading: Qualifier, after = false) {
    const text = reading.text.replace(/[\s,;:.]+$/, '');
    if (/^(?:once|when|after)\s+(?:that|this|it)(?:'s| is| has been)?\s+(?:done|finished|complete|ready)$/i.test(text)) return;
    const lower = uncapitalise(text);
    if (reading.kind === 'condition' && leadsTheStep.test(text) && step.title.length + lower.length + 2 <= MAX_TITLE) {
      step.title = `${capitalise(lower)}, ${uncapitalise(step.title)}`;
      return;
    }
    if (reading.kind === 'condition' && step.title.length + lower.length + 1 <= MAX_TITLE) {
      step.title = `${step.title} ${lower}`;
      return;
    }
    const sentence = asSentence(text);
    step.details = after ? [step.details, sentence].filter(Boolean).join(' ') : [sentence, step.details].filter(Boolean).join(' ');
  }

  /** What the writer holds now, to go back to when a reading that was tried writes no step. */
  mark(): WriterMark {
    return { steps: this.steps.length, last: this.last ? { ...this.last } : undefined, context: this.context.length, pending: this.pending, section: this.section, prefix: this.prefix };
  }

  /** Back to a mark: what was written since (details, a lead-in, a condition waiting) is undone. */
  restore(mark: WriterMark) {
    this.steps.length = mark.steps;
    if (mark.last && this.last) Object.assign(this.last, mark.last);
    this.context.length = mark.context;
    this.pending = mark.pending;
    this.section = mark.section;
    this.prefix = mark.prefix;
  }

  /**
   * "…and the machine beeps when it gets there", "…rejects it if the date is missing": a clause that goes on
   * with the statement just written, in the same sentence, finishes that sentence instead of starting its own.
   */
  continueStatement(text: string, joint: string | undefined): boolean {
    const said = text.replace(/^[\s,;:–—-]+|[\s,;:–—-]+$/g, '');
    const onStep = Boolean(this.last);
    const before = onStep ? this.last!.details : this.context[this.context.length - 1];
    if (!said || !before || !/\.$/.test(before) || this.pending || this.prefix) return false;
    const separator = joint === ',' || joint === ';' || joint === ':' ? joint : '';
    const continued = `${before.slice(0, -1)}${separator} ${/^I\b/.test(said) ? said : uncapitalise(said)}${/[.!?…)"']$/.test(said) ? '' : '.'}`;
    if (onStep) this.last!.details = continued;
    else this.context[this.context.length - 1] = continued;
    return true;
  }

  addDetail(step: DraftStep, sentence: string) {
    step.details = step.details ? `${step.details} ${sentence}` : sentence;
  }
}

/** "Autoclave at 134°C (B-type cycle, ~3.5 min hold)": an aside closing a title belongs in the details. */
function withoutAside(title: string): { title: string; aside: string } {
  const match = /\s*\(([^()]{3,})\)\s*$/.exec(title);
  if (!match || title.slice(0, match.index).trim().split(/\s+/).length < 2) return { title, aside: '' };
  return { title: title.slice(0, match.index).replace(/[\s,;:–—-]+$/, ''), aside: asSentence(match[1]!) };
}
