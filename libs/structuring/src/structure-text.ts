import { namesProcedure, readBlocks, type Block } from './blocks';
import { caseCondition, isOutcome, isState } from './case-labels';
import { actorVerbAt, dropFillers, genericDoers, isRole, isThirdPersonVerb, listOfThingsFrom, splitClauses, type Clause } from './clauses';
import { commonActionVerbs, conditionStarts, determiners } from './lexicon';
import { isBareThing, respellNote, thingToPlace } from './notes';
import { editSpokenTitle, PersonTracker } from './editing';
import { asSentence, capitalise, readClause, uncapitalise, type Reading } from './instruction';
import { fitTitle, MAX_TITLE } from './titles';
import { canBeVerb, isBaseVerb, isNoun, isNounWord, isVerb, nounsUsedAsVerbs, render, tagSentences, toInfinitive, unknownVerbBeforeObject, type Token } from './tokens';

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

const MAX_STEPS = 200;
type ItemBlock = Extract<Block, { kind: 'item' }>;
type Qualifier = Extract<Reading, { kind: 'condition' } | { kind: 'trigger' }>;

class StepWriter {
  readonly steps: DraftStep[] = [];
  readonly context: string[] = [];
  /** Who "them" is: the person the description last named. */
  readonly people = new PersonTracker();
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
    if (reading.kind === 'action' && /^(?:no exceptions|no excuses|continue|carry on|proceed)[.!]*$/i.test(reading.title.trim())) reading = { kind: 'statement', text: reading.title };
    if (reading.kind === 'statement') {
      this.prefix = '';
      // "if they're logged in, that's enough": a condition before a statement qualifies the statement.
      const qualifier = this.pending && reading.text.replace(/[^\p{L}\p{N}]/gu, '') ? this.pending.text.replace(/[\s,;:]+$/, '') : '';
      if (qualifier) reading = { kind: 'statement', text: `${qualifier}, ${uncapitalise(reading.text)}` };
      if (qualifier) this.pending = null;
      this.flushPending();
      if (!reading.text.replace(/[^\p{L}\p{N}]/gu, '')) return;
      if (this.last) this.addDetail(this.last, asSentence(reading.text));
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
    if (reading.kind === 'condition' && step.title.length + lower.length + 1 <= MAX_TITLE) {
      step.title = `${step.title} ${lower}`;
      return;
    }
    const sentence = asSentence(text);
    step.details = after ? [step.details, sentence].filter(Boolean).join(' ') : [sentence, step.details].filter(Boolean).join(' ');
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

/** Running text: every clause is read; instructions become steps, the rest explains them. */
function writeProse(writer: StepWriter, text: string, terse = false, listed = false) {
  const sentences = tagSentences(text);
  // The first line of notes that gives no instruction names them ("payroll - biweekly, due Tue"): context, not steps.
  // (A bulleted line is an item of the list, never its name.)
  // (Not when the notes have a title line already: then the first line is a note like the others.)
  if (terse && !listed && writer.steps.length === 0 && writer.context.length === 0 && !writer.named && !writer.titled && writesNotesName(writer, text, sentences, terse)) return;
  for (const sentence of sentences) {
    const clauses = terse ? carryThingForward(splitClauses(sentence, { terse })) : splitClauses(sentence, { terse });
    const prose: ProseSentence = { writer, text, terse, clauses };
    const soFar: SaidSoFar = {
      previousAction: null,
      previousKind: null,
      previousObject: null,
      previousKindOfThing: null,
      isFirstLine: !listed && writer.steps.length === 0 && writer.context.length === 0 && !writer.named,
      consumed: new Set<number>(),
    };
    clauses.forEach((clause, index) => {
      if (soFar.consumed.has(index)) return;
      writeClause(prose, soFar, { clause, index, following: clauses[index + 1] });
    });
  }
}

/** A sentence of running text being written: the writer, the whole text, whether it is notes, and the sentence's clauses. */
interface ProseSentence {
  writer: StepWriter;
  text: string;
  terse: boolean;
  clauses: Clause[];
}

/** What the clauses before this one in the sentence said, for the clauses after them. */
interface SaidSoFar {
  /** The verb the last instruction used ("Test", "Take … to"), for a step that says only its object. */
  previousAction: string | null;
  previousKind: Reading['kind'] | null;
  /** The thing just named, for an "it" after it. */
  previousObject: string | null;
  /** The kind of thing just named ("meter"), for an "each one" after it. */
  previousKindOfThing: string | null;
  isFirstLine: boolean;
  /** Clauses already written with one before them. */
  consumed: Set<number>;
}

/** One clause of the sentence, where it stands, and the clause after it. */
interface ClauseAt {
  clause: Clause;
  index: number;
  following: Clause | undefined;
}

/** Whether a condition waits for the step after the clause (forward), and how the clause may lead into that step. */
interface LeadIns {
  forward: boolean;
  arrowLead: boolean;
  purposeLead: boolean;
  timeLead: boolean;
}

/** "payroll - biweekly, due Tue": whether the first line of notes only names them; if so it is written as their name or context. */
function writesNotesName(writer: StepWriter, text: string, sentences: Token[][], terse: boolean): boolean {
  const clauses = sentences.flatMap((sentence) => splitClauses(sentence, { terse }));
  const gives = clauses.some((clause) => readClause(clause.tokens).kind === 'action');
  // A label, then what it is about after a dash or a colon; not a run of fragments to do ("front door open, old cart out").
  const labelled = clauses.length <= 1 || /^[^,;]*?(?:\s[-–—]\s|:\s|\()/.test(text);
  if (!gives && labelled) {
    const name = text.replace(/[\s;:,–—-]+$/, '');
    // ("Watering – covered area, summer rota": a short name is the SOP's title.)
    if (!writer.named && namesProcedure(name) && !/[.!?]/.test(name)) writer.named = capitalise(name);
    else writer.context.push(asSentence(name));
    return true;
  }
  return false;
}

/** One clause: a step of its own, the condition or lead-in of the next, or more of the step before. */
function writeClause(prose: ProseSentence, soFar: SaidSoFar, position: ClauseAt) {
  let reading = firstReading(prose, position);
  if (writesCaseOfNext(prose, soFar, position, reading)) return;
  const placed = placedThing(prose, soFar, position, reading);
  if (placed) reading = placed;
  reading = respelledInTalk(prose, position, reading);
  if (leadsIntoNext(prose, soFar, position, reading)) return;
  reading = statementRead(prose, soFar, position, reading);
  const nextAt = placed ? position.index + 2 : position.index + 1;
  const next = prose.clauses[nextAt];
  const leads = leadsOf(prose, soFar, position, next, reading);
  reading = listAfterColon(prose, soFar, position, next, nextAt, reading);
  if (leadsByLabel(prose, soFar, position, next, leads, reading)) return;
  reading = fragmentAsStep(prose, soFar, position, next, reading);
  soFar.isFirstLine = false;
  // "…; the apps penalise us if a customer reports it": a condition after a statement belongs to the statement.
  if ((reading.kind === 'condition' || reading.kind === 'trigger') && !leads.forward && soFar.previousKind === 'statement') reading = { kind: 'statement', text: reading.text };
  if (joinsStepBefore(prose, soFar, position, reading)) return;
  reading = resolvedTitle(prose, soFar, position, reading);
  if (endsStepBefore(prose, soFar, position, reading)) return;
  writeReading(prose, soFar, position, leads.forward, reading);
}

/** The clause as read, with what "=" and "else" say in notes; a case before "=" is written first. */
function firstReading(prose: ProseSentence, position: ClauseAt): Reading {
  const { writer, terse } = prose;
  const { clause, index } = position;
  let reading = readNoteClause(clause, terse);
  // "QC station = pull contaminants off PET line", "out of date = don't use": in notes, what to do in a case, said with "=".
  const equated = terse ? equatedAction(clause) : null;
  if (equated) {
    if (equated.condition) writer.add(equated.condition, { forward: true });
    else writer.prefixNext(equated.label);
    reading = equated.reading;
  }
  // "chk it arrived, else call the caterer": in notes the other branch, said as an instruction, is a step of its own.
  const otherBranch = terse && index > 0 ? elseBranch(clause) : null;
  if (otherBranch) reading = otherBranch;
  return reading;
}

/** In notes, what happens or a case, before an arrow or a colon, is the condition of the step after it; whether it was written so. */
function writesCaseOfNext(prose: ProseSentence, soFar: SaidSoFar, position: ClauseAt, reading: Reading): boolean {
  const { writer, terse } = prose;
  const { clause, following } = position;
  // ("customer arrives -> check booking", "alarm sounds -> evacuate via stairs": in notes, something that happens, before an arrow, is when the step after it is done.)
  // ("can't verify -> DO NOT start": what cannot be done, too; the reader is the one who cannot.)
  const cannot = terse && following?.joint === '>' ? cannotDo(clause.tokens) : null;
  if (terse && following?.joint === '>' && readNoteClause(following, terse).kind === 'action' && (happens(clause.tokens) || cannot !== null)) {
    const said = uncapitalise(render(clause.tokens).replace(/[\s;,]+$/, ''));
    writer.add({ kind: 'condition', text: `if ${cannot === 'reader' ? 'you ' : ''}${said}` }, { forward: true });
    soFar.previousAction = null;
    soFar.previousKind = 'condition';
    return true;
  }
  // "pH high -> tell Dave", "seal broken: call the supervisor": in notes a case before an arrow or a colon is the condition of the step after it.
  const named = terse && (following?.joint === '>' || following?.joint === ':') && (reading.kind === 'statement' || (clause.tokens.length <= 3 && isState(clause.tokens[clause.tokens.length - 1]))) && readNoteClause(following, terse).kind === 'action' ? (caseCondition(clause.tokens) ?? thresholdLabel(clause.tokens)) : null;
  if (named) {
    writer.add(named, { forward: true });
    soFar.previousAction = null;
    soFar.previousKind = 'condition';
    return true;
  }
  return false;
}

/** In notes, a thing before an arrow and where it goes after it, read as one step with the clause after it; null otherwise. */
function placedThing(prose: ProseSentence, soFar: SaidSoFar, position: ClauseAt, reading: Reading): Reading | null {
  const { clause, index, following } = position;
  // "keys -> safe": where a thing goes, one step.
  // ("clots = mastitis -> red band" states a rule.)
  const placed = prose.terse && following?.joint === '>' && reading.kind === 'statement' && !isExplanation(clause.tokens) ? thingToPlace(clause.tokens, following.tokens) : null;
  if (!placed) return null;
  const step: Reading = { kind: 'action', title: placed.title, details: placed.details, source: `${render(clause.tokens)} ${render(following!.tokens)}` };
  soFar.consumed.add(index + 1);
  return step;
}

/** In talk, a thing and how it is left, said as notes say it, is a step. */
function respelledInTalk(prose: ProseSentence, position: ClauseAt, reading: Reading): Reading {
  const { clause } = position;
  // ("…right. gloves on. cleanse the legs", "lid on, run it at 100 volts": in talk, a thing and how it is left, said the way notes
  // say it, as a sentence of its own or before a comma, is a step, not a topic.)
  const lastWord = clause.tokens[clause.tokens.length - 1];
  const jottedInTalk = reading.kind === 'statement' && !prose.terse && clause.tokens.length <= 4 && (prose.clauses.length === 1 || (clause.tokens.length <= 3 && /,/.test(lastWord?.post ?? '') && ['on', 'off', 'in', 'out', 'open', 'shut'].includes(lastWord!.norm)));
  const respelled = jottedInTalk ? respellNote(clause.tokens) : null;
  if (respelled) return { kind: 'action', title: respelled, details: '', source: render(clause.tokens) };
  return reading;
}

/** In talk, a place or a thing named before a comma leads into the instruction after it; whether the clause was written so. */
function leadsIntoNext(prose: ProseSentence, soFar: SaidSoFar, position: ClauseAt, reading: Reading): boolean {
  const { writer, terse } = prose;
  const { clause, following } = position;
  // ("then the rails, nail them on": a thing named before a comma and what to do with it is the topic of that step.)
  // (With no "it" or "them" to stand for it, "then the fabric, check the pattern's straight", it leads into that step.)
  const topicOfNext = reading.kind === 'statement' && !terse && clause.tokens.length <= 6 && /,/.test(clause.tokens[clause.tokens.length - 1]?.post ?? '') && isBareObject(clause.tokens) && Boolean(following) && readClause(following!.tokens).kind === 'action';
  // ("Back at the depot, unload the van": where the next step is done leads into it.)
  const placeOfNext = reading.kind === 'statement' && !terse && clause.tokens.length <= 6 && /,/.test(clause.tokens[clause.tokens.length - 1]?.post ?? '') && (clause.tokens[0]!.tags.has('Preposition') || (clause.tokens[0]!.norm === 'back' && Boolean(clause.tokens[1]?.tags.has('Preposition')))) && Boolean(following) && readClause(following!.tokens).kind === 'action';
  if (placeOfNext) {
    writer.leadNext(asSentence(render(clause.tokens).replace(/[\s,]+$/, '')));
    soFar.previousKind = 'statement';
    return true;
  }
  if (topicOfNext) {
    const topic = render(clause.tokens).replace(/[\s,]+$/, '');
    if (!/\b(?:it|them|they)\b/i.test(render(following!.tokens))) writer.leadNext(asSentence(topic));
    soFar.previousObject = topic;
    soFar.previousKind = 'statement';
    return true;
  }
  return false;
}

/** A statement that is a step after all (an object for the verb before, a rule, kit to wear, a jotted step); an instruction that is a caution on the step before. */
function statementRead(prose: ProseSentence, soFar: SaidSoFar, position: ClauseAt, reading: Reading): Reading {
  const { writer, terse, clauses } = prose;
  const { clause, index } = position;
  const { previousAction, previousKind } = soFar;
  // "test the horn and then the brakes": a step that says only its object reuses the verb before.
  // ("let it dry then heel pads on the front": "let" needs a verb of its own to pass on; "then PPE chaps helmet
  // visor gloves", a long run of names with no article, is a list as jotted.)
  if (reading.kind === 'statement' && writer.last && previousAction && !/^(?:let|have|make|help)$/i.test(previousAction) && ((clause.sequenced && isBareObject(clause.tokens) && (clause.tokens.length <= 3 || determiners.has(clause.tokens[0]!.norm))) || clause.gapped)) {
    reading = { kind: 'action', title: `${previousAction} ${render(clause.tokens).replace(/[\s.,;:!?]+$/, '')}`, details: '', source: render(clause.tokens) };
  }
  // ("No children or pets in the workshop.", "No phones on the line.": a rule said as a sentence of its own, with no verb, is a step as written.)
  // ("no card = no groom", "No permit, no hot works" say what follows from a case: they are rules, not steps.)
  if (reading.kind === 'statement' && clauses.length === 1 && clause.tokens[0]?.norm === 'no' && clause.tokens.filter((token) => token.norm === 'no').length === 1 && !/[=<>]/.test(render(clause.tokens)) && clause.tokens.length >= 3 && clause.tokens.length <= 10 && isNoun(clause.tokens[1]) && !clause.tokens.some((token) => isVerb(token) && !token.tags.has('Gerund') && !isNounWord(token.norm))) {
    reading = { kind: 'action', title: capitalise(render(clause.tokens).replace(/[\s.,;:!?]+$/, '')), details: '', source: render(clause.tokens) };
  }
  // ("Safety first: goggles, nitrile gloves, long sleeves": kit named in a list is kit to wear.)
  const worn = reading.kind === 'statement' && !/:\s*$/.test(clause.tokens[clause.tokens.length - 1]?.post ?? '') ? kitListed(clauses.slice(index).flatMap((rest) => rest.tokens)) : null;
  if (worn) {
    reading = { kind: 'action', title: `Wear ${worn.join(', ')}`, details: '', source: render(clauses.slice(index).flatMap((rest) => rest.tokens)) };
    for (let at = index + 1; at < clauses.length; at++) soFar.consumed.add(at);
  }
  // ("…then heel and lace pads on the front of the ankle, then underwrap starting mid foot": after a sequence word,
  // a thing and where it goes or how, with no verb, is a step said the way notes say it.)
  if (reading.kind === 'statement' && !terse && clause.sequenced && jottedStep(clause.tokens)) {
    reading = { kind: 'action', title: capitalise(render(clause.tokens).replace(/[\s.,;:!?]+$/, '')), details: '', source: render(clause.tokens) };
  }
  // "…over the phone, never email it": a caution on the step just said.
  // ("…, and the fees section must not be edited without approval": a thing of its own forbidden is a step of its own.)
  // ("seal broken -> don't open, tell treasurer": what not to do in a case is a step of its own.)
  if (reading.kind === 'action' && index > 0 && !clause.sequenced && previousKind !== 'condition' && previousKind !== 'trigger' && /^(?:never|do not|don't)\b/i.test(reading.title) && writer.last && !ownSubject(clause.tokens)) reading = { kind: 'statement', text: render(clause.tokens) };
  return reading;
}

/** How the clause leads into the one after it: whether a condition waits for it, and the lead-ins that may say what it is about. */
function leadsOf(prose: ProseSentence, soFar: SaidSoFar, position: ClauseAt, next: Clause | undefined, reading: Reading): LeadIns {
  const { writer, terse } = prose;
  const { clause, index } = position;
  const { previousKind } = soFar;
  // A condition or trigger goes with the instruction right after it, unless a sequence
  // word ("then") starts that instruction: then it qualifies the step before.
  // "even if it's not much" concedes something about the step before.
  const concession = /^even (?:if|when|though)\b/i.test(render(clause.tokens));
  // "turn the valve until it clicks": how long to go on doing the step before.
  const duration = /^(?:until|till)\b/i.test(render(clause.tokens)) && index > 0 && previousKind === 'action';
  // "open a ticket if there isn't one already and fill in the reason": "and" goes on from the step before the condition.
  const forward = !concession && !duration && (Boolean(next && !next.sequenced && !(next.conjoined && previousKind === 'action')) || index === 0);
  // "OT over 10h: confirm with the manager": a label before a colon leads into the step after it.
  // "post arrives ~10 -> sort by floor", "broken lock -> tell sup": in notes, what comes before an arrow leads into the instruction after it.
  const arrowLead = terse && next?.joint === '>' && reading.kind === 'statement' && readNoteClause(next, terse).kind === 'action';
  // "To open the valve, turn the wheel": a purpose that opens a sentence says why of the step after it.
  const purposeLead = index === 0 && writer.last !== undefined && reading.kind === 'statement' && clause.tokens[0]?.norm === 'to' && isBaseVerb(clause.tokens[1]) && next !== undefined && !next.sequenced && readNoteClause(next, terse).kind === 'action';
  // "10:15 – glasses from dishwasher": in notes, a time alone says when the next thing is done.
  const timeLead = terse && reading.kind === 'statement' && next !== undefined && clause.tokens.every((token) => token.tags.has('Time') || token.tags.has('Value') || token.tags.has('Date') || token.norm === 'at');
  return { forward, arrowLead, purposeLead, timeLead };
}

/** In notes, what a colon or a dash opens: a list a check or a verb acts on, or what a label names. */
function listAfterColon(prose: ProseSentence, soFar: SaidSoFar, position: ClauseAt, next: Clause | undefined, nextAt: number, reading: Reading): Reading {
  const { terse, clauses } = prose;
  const { clause, index } = position;
  const { consumed } = soFar;
  // "safety check: harness / helmet / rope": a check over a list of things checks those things.
  const checked = terse && (next?.joint === ':' || next?.joint === '-') ? checkOverList(clause, clauses, nextAt) : null;
  if (checked) {
    reading = checked.reading;
    for (let at = index + 1; at < checked.end; at++) consumed.add(at);
  }
  // "log: watered Y/N + initials", "order: gloves, aprons": in notes, a lone verb before a colon acts on what follows it.
  if (terse && !checked && reading.kind === 'action' && clause.tokens.length === 1 && next?.joint === ':' && readNoteClause(next, terse).kind !== 'action' && `${reading.title} ${render(next.tokens)}`.length <= MAX_TITLE) {
    reading = { kind: 'action', title: `${reading.title} ${render(next.tokens).replace(/[\s.,;:!?]+$/, '')}`, details: '', source: `${render(clause.tokens)} ${render(next.tokens)}` };
    consumed.add(nextAt);
  }
  // "record on count sheet: tin no., location, total, both sigs": in notes, what an instruction lists after its colon is what it is done with, in its title.
  const listedAfter = terse && !checked && reading.kind === 'action' && next?.joint === ':' && !consumed.has(index + 1) ? thingsListedAfter(clauses, nextAt) : null;
  if (listedAfter && reading.kind === 'action' && `${reading.title}: ${listedAfter}`.length <= MAX_TITLE) {
    reading = { ...reading, title: `${reading.title}: ${listedAfter}`, source: `${reading.source} ${listedAfter}` };
    for (let at = index + 1; at < clauses.length; at++) consumed.add(at);
  }
  // "barrier film: lamp handle, machine, clip cord": in notes, a label over a list of things is the step, the list its details.
  if (terse && reading.kind === 'statement' && next?.joint === ':' && listOfThingsFrom(next.tokens, 0)) {
    const label = capitalise(render(clause.tokens).replace(/[\s:]+$/, ''));
    const listed = render(next.tokens).replace(/[\s.,;:!?]+$/, '');
    // (The things named are what the step is about: in its title when they fit.)
    reading = `${label}: ${listed}`.length <= MAX_TITLE ? { kind: 'action', title: `${label}: ${listed}`, details: '', source: `${render(clause.tokens)} ${render(next.tokens)}` } : { kind: 'action', title: label, details: asSentence(render(next.tokens)), source: `${render(clause.tokens)} ${render(next.tokens)}` };
    consumed.add(nextAt);
  }
  return reading;
}

/** A statement that leads into the step after it (a label, a purpose, a time) opens that step; whether the clause was written so. */
function leadsByLabel(prose: ProseSentence, soFar: SaidSoFar, position: ClauseAt, next: Clause | undefined, leads: LeadIns, reading: Reading): boolean {
  const { writer, terse } = prose;
  const { clause } = position;
  const { arrowLead, purposeLead, timeLead } = leads;
  // ("scales - check calibration sticker": a thing named before a dash, then what to do with it.)
  const dashLabel = terse && next?.joint === '-' && reading.kind === 'statement' && !timeLead && Boolean(thingLabel(clause.tokens)) && readNoteClause(next, terse).kind === 'action';
  const leadsByJoint = /:\s*$/.test(clause.tokens[clause.tokens.length - 1]?.post ?? '') || arrowLead || dashLabel;
  if (reading.kind === 'statement' && next && (leadsByJoint || purposeLead || timeLead)) {
    // "bedding plants: rose head, x2 passes": in notes a short label names what the step is done to, in its title.
    const label = terse && leadsByJoint ? thingLabel(clause.tokens) : null;
    if (label) writer.prefixNext(label);
    else writer.leadNext(asSentence(reading.text.replace(/:$/, '')));
    soFar.previousAction = null;
    soFar.previousKind = null;
    return true;
  }
  return false;
}

/** In notes, a fragment without a verb is a thing to do, unless it says more about the instruction before it. */
function fragmentAsStep(prose: ProseSentence, soFar: SaidSoFar, position: ClauseAt, next: Clause | undefined, reading: Reading): Reading {
  const { writer, terse, clauses } = prose;
  const { clause, index } = position;
  const { previousKind, isFirstLine, consumed } = soFar;
  // In terse notes a fragment without a verb is still a thing to do ("wipe-down sheet"), unless it follows
  // an instruction on the same line: then it says more about it ("7:30 tables classroom style, 5 rows x 8").
  // The first line of notes, alone, is their heading ("toner low on 3rd floor printer").
  // After the heading line, a line of notes opens with a thing to do, whatever the tagger made of its words
  // ("mics on stands", "phones on silent"), unless it explains or states a rule ("because…", "name = date").
  const opensLine = terse && index === 0 && (writer.last !== undefined || writer.context.length > 0 || writer.named !== null) && !isExplanation(clause.tokens);
  // ("foreign coins / buttons -> separate bag": a thing and where it goes, neither said as an instruction, is the step as jotted.)
  if (opensLine && reading.kind === 'statement' && next?.joint === '>' && !consumed.has(index + 1) && readNoteClause(next, terse).kind === 'statement' && !isExplanation(next.tokens)) {
    const said = (tokens: Token[]) => render(tokens).replace(/[\s.,;:!?–—-]+$/, '');
    reading = { kind: 'action', title: capitalise(`${said(clause.tokens)} → ${said(next.tokens)}`), details: '', source: `${render(clause.tokens)} ${render(next.tokens)}` };
    consumed.add(index + 1);
  }
  if (terse && reading.kind === 'statement' && (opensLine || (isFragment(clause.tokens) && !isExplanation(clause.tokens) && !(index > 0 && previousKind === 'action' && !(clause.joint === ';' && !isExplanation(clause.tokens))) && (writer.last || writer.context.length > 0 || writer.named !== null || !isFirstLine || clauses.length > 1)))) {
    reading = { kind: 'action', title: capitalise(render(clause.tokens).replace(/[\s.,;:!?–—-]+$/, '')), details: '', source: render(clause.tokens) };
  }
  return reading;
}

/** An instruction that goes on with the step just written (recording what it read, a short follow-on in talk) joins it; whether it did. */
function joinsStepBefore(prose: ProseSentence, soFar: SaidSoFar, position: ClauseAt, reading: Reading): boolean {
  const { writer, terse, text } = prose;
  const { clause } = position;
  const { previousKind } = soFar;
  // "check the gravity and write it down": recording what the step just read is part of that step.
  if (reading.kind === 'action' && previousKind === 'action' && writer.last && !clause.sequenced && recordsWhatWasRead(reading.title) && !/\b(?:if|unless)\b/i.test(writer.last.title) && `${writer.last.title} and ${reading.title}`.length <= MAX_TITLE) {
    writer.last.title = `${writer.last.title} and ${uncapitalise(reading.title)}`;
    writer.last.source = `${writer.last.source} ${reading.source}`;
    if (reading.details) writer.addDetail(writer.last, asSentence(reading.details));
    return true;
  }
  // ("put it in the shaker, clamp it", "fill the hay net, hang it up": in talk, a short verb on the thing just named is the same step.)
  // (Not after a check, "look at the foam, replace it", nor across "and" or a semicolon.)
  // ("tip out the excess. scrape the tops clean": a short instruction right after a short one, with no "then" or condition
  // between, is part of the same step; editors write them as one.)
  const sameStep =
    !terse && reading.kind === 'action' && previousKind === 'action' && writer.last && !clause.sequenced && !clause.conjoined &&
    (((clause.joint === ',' || clause.joint === undefined) && sameThingAgain(reading.title, writer.last.title)) || (![';', '>', '-'].includes(clause.joint ?? '') && !/\n/.test(text.trim()) && shortFollowOn(reading.title, writer.last.title)));
  if (sameStep && reading.kind === 'action' && writer.last) {
    writer.last.title = `${writer.last.title}, ${uncapitalise(reading.title)}`;
    writer.last.source = `${writer.last.source} ${reading.source}`;
    if (reading.details) writer.addDetail(writer.last, asSentence(reading.details));
    return true;
  }
  return false;
}

/** An instruction's title with "it", "them" and "each one" said as what they stand for, edited as an editor would; the person it names noted. */
function resolvedTitle(prose: ProseSentence, soFar: SaidSoFar, position: ClauseAt, reading: Reading): Reading {
  const { writer } = prose;
  const { clause } = position;
  const { previousObject, previousKindOfThing } = soFar;
  // "…reviews the cal sheet and signs it": "it" is the thing just named.
  if (reading.kind === 'action' && previousObject && !clause.sequenced) reading = { ...reading, title: resolvePronoun(reading.title, previousObject) };
  // "read the meters … photo each one": each of the things just named.
  if (reading.kind === 'action' && previousKindOfThing) reading = { ...reading, title: reading.title.replace(/\b(each|every) one\b(?! of)/i, `$1 ${previousKindOfThing}`) };
  // "to clean the coffee grinder you unplug it first": otherwise a lone "it" is the thing the procedure is about.
  if (reading.kind === 'action') {
    const topic = writer.topic();
    if (topic) reading = { ...reading, title: resolvePronoun(reading.title, topic, 'it') };
  }
  if (reading.kind === 'action') reading = { ...reading, title: editSpokenTitle(reading.title, writer.people.current) };
  writer.people.see(clause.tokens);
  return reading;
}

/** In notes, what a line says after its instruction goes on the end of that step's title; whether it did. */
function endsStepBefore(prose: ProseSentence, soFar: SaidSoFar, position: ClauseAt, reading: Reading): boolean {
  const { writer, terse } = prose;
  const { clause } = position;
  // "reg table @ door - badges alpha order + lanyards": in notes what the line says after its instruction is part of the step as jotted.
  const said = reading.kind === 'statement' ? reading.text.replace(/[\s.;:,]+$/, '') : '';
  const tail = terse && said && soFar.previousKind === 'action' && writer.last && !clause.sequenced && [',', '-', '>'].includes(clause.joint ?? '') && !isExplanation(clause.tokens) && (!/^(?:never|not|no|don't|do not)\b/i.test(said) || (/^(?:not|no)\b/i.test(said) && !clause.tokens.some((token) => isVerb(token) && !token.tags.has('Gerund') && !isNounWord(token.norm)))) && !/[<>=≤≥]/.test(said);
  const joined = tail ? `${writer.last!.title.replace(/[\s–—-]+$/, '')}${clause.joint === '-' ? ' –' : clause.joint === '>' ? ' →' : ','} ${said}` : '';
  if (tail && joined.length <= MAX_TITLE) {
    writer.last!.title = joined;
    return true;
  }
  return false;
}

/** Writes the reading, and remembers what it said for the clauses after it. */
function writeReading(prose: ProseSentence, soFar: SaidSoFar, position: ClauseAt, forward: boolean, reading: Reading) {
  const { clause } = position;
  prose.writer.add(reading, { before: clause.before, forward });
  soFar.previousKind = reading.kind;
  // A condition or statement names new things ("if they have a pet"): "it" after it may be one of them.
  soFar.previousObject =
    reading.kind === 'action'
      ? objectOf(reading.title)
      : reading.kind === 'trigger'
        ? subjectOf(clause.tokens)
        : reading.kind === 'condition'
          ? existentialOf(clause.tokens)
          : ['that', 'which'].includes(clause.tokens[0]?.norm ?? '')
            ? soFar.previousObject
            : null;
  soFar.previousKindOfThing = reading.kind === 'action' ? kindOfThingIn(reading.title) : soFar.previousKindOfThing;
  // ("the van goes to the ceremony venue and then the reception venue": after a move, the next place goes with the same move.)
  const move = reading.kind === 'action' ? /^((?:Send|Take|Move|Drive|Bring)\s.+?\s(?:to|into))\s+the\s/.exec(reading.title) : null;
  // ("Do not touch the surface": a prohibition lends no verb to what follows.)
  soFar.previousAction = reading.kind === 'action' && !/^(?:do not|never|don't)\b/i.test(reading.title) ? (move ? move[1]! : reading.title.split(' ')[0]!) : null;
}

/**
 * "signed-for items -> log in book", "W-9: request from vendor": in notes, the thing named
 * before an arrow or a colon is the object of an instruction after it that has none of its own
 * ("bins: empty Fri 7am" → "Empty bins Fri 7am": a when after the verb is not its object).
 */
function carryThingForward(clauses: Clause[]): Clause[] {
  const carried: Clause[] = [];
  for (let index = 0; index < clauses.length; index++) {
    const clause = clauses[index]!;
    const next = clauses[index + 1];
    const verb = next?.tokens[0];
    const after = next?.tokens[1];
    const takesThing =
      next &&
      verb &&
      (next.joint === ';' || next.joint === '>' || next.joint === ':' || next.joint === '-') &&
      isBareThing(clause.tokens) &&
      clause.tokens.length <= 5 &&
      !respellNote(clause.tokens) &&
      // ("alarm sounds -> evacuate": what happens is when, not what the step acts on.)
      !(next.joint === '>' && happens(clause.tokens)) &&
      (commonActionVerbs.has(verb.norm) || isBaseVerb(verb) || nounsUsedAsVerbs.has(verb.norm) || donePlacedAt(next)) &&
      !intransitive.has(verb.norm) &&
      (!after || (['Date', 'WeekDay', 'Month', 'Time', 'Value'].some((tag) => after.tags.has(tag))) || ((after.tags.has('Preposition') || carryPrepositions.has(after.norm)) && !['up', 'out', 'off', 'down', 'back'].includes(after.norm) && Boolean(next.tokens[2]) && !next.tokens[2]!.tags.has('Preposition') && !(isVerb(next.tokens[2]) && !isNoun(next.tokens[2]))));
    if (!takesThing) {
      carried.push(clause);
      continue;
    }
    const thing = clause.tokens.map((token, at) => ({ ...token, pre: at === 0 ? '' : token.pre, post: at === clause.tokens.length - 1 ? ' ' : token.post, text: at === 0 && /^[A-Z][a-z]+$/.test(token.text) ? token.text.toLowerCase() : token.text }));
    // ("mats -> stacked by door": the state it is left in, said as doing it.)
    const doing = donePlacedAt(next) ? { ...verb, text: toInfinitive(verb.text), tags: new Set(['Verb', 'Infinitive', 'Imperative']) } : verb;
    carried.push({ ...next, tokens: [{ ...doing, post: ' ' }, ...thing, ...next.tokens.slice(1)], joint: clause.joint });
    index++;
  }
  return carried;
}

/** "stacked by door", "hung on hook 3": a past participle, then where. */
const donePlacedAt = (clause: Clause) =>
  /ed$/.test(clause.tokens[0]?.norm ?? '') && Boolean(clause.tokens[0]?.tags.has('PastTense') || clause.tokens[0]?.tags.has('Participle')) && Boolean(clause.tokens[1]?.tags.has('Preposition'));

const carryPrepositions = new Set(['in', 'on', 'into', 'onto', 'to', 'at', 'from', 'with', 'for', 'by', 'under', 'inside']);

/** Verbs that take no object: "walk to the office", "wait for the driver". */
const intransitive = new Set(['wait', 'go', 'come', 'stay', 'sit', 'stand', 'arrive', 'walk', 'talk', 'speak', 'listen', 'look', 'reply', 'respond', 'head', 'run', 'report', 'escalate', 'proceed', 'start', 'stop', 'continue', 'repeat', 'follow']);

/** The object a title acts on, as a definite noun phrase: "Review the cal sheet" → "the cal sheet". */
function objectOf(title: string): string | null {
  const match = /^\S+\s+(?:the|a|an|each|every|your|their)\s+((?:[\w'-]+\s+){0,2}?[\w'-]+?)(?=\s+(?:in|on|at|to|from|with|for|into|onto|by|under|over|and|if|unless|until|before|after|so|out|back|up|down|off|away|aside)\b|$)/i.exec(title);
  // "Shake the toner gently": the manner is not part of the thing.
  const thing = match?.[1]!.replace(/(?:\s+\w+ly)+$/i, '');
  // ("Hold the skin taut and rip it off": what is held in a state is not what "it" then means.)
  if (thing && /\s(?:taut|tight|open|closed|shut|steady|still|firm|down|up)$/i.test(thing)) return null;
  return thing && !/\b(?:it|them|this|that)\b/i.test(thing) ? `the ${thing}` : null;
}

/** "Read the meters": one of the things an instruction acts on, "meter", for an "each one" after it. */
function kindOfThingIn(title: string): string | null {
  if (!/\b(?:each|every) one\b/i.test(title) && !/s\b/.test(title)) return null;
  const tokens = tagSentences(title)[0] ?? [];
  const plural = tokens.find((token, index) => index > 0 && token.tags.has('Plural') && isNoun(token) && !token.tags.has('Pronoun') && !token.tags.has('Actor') && /^[a-z]{3,}s$/.test(token.norm));
  return plural ? plural.norm.replace(/ies$/, 'y').replace(/(ch|sh|x|ss)es$/, '$1').replace(/s$/, '') : null;
}

/** "if there's damage", "if there are any queen cells": the thing a condition says is there, for an "it" or "them" after it. */
function existentialOf(tokens: Token[]): string | null {
  const at = tokens.findIndex((token, index) => token.norm === 'there' && index <= 2);
  if (at < 0) return null;
  let start = at + 1;
  while (start < tokens.length && (['is', 'are', 's', 're'].includes(tokens[start]!.norm) || !tokens[start]!.text)) start++;
  if (['any', 'a', 'an', 'some'].includes(tokens[start]?.norm ?? '')) start++;
  const named = namedThing(tokens, start, (token, next) => (isNoun(token) || (token.tags.has('Adjective') && isNoun(next))) && !token.tags.has('Pronoun'));
  return named && isNoun(tokens[named.end - 1]) ? named.thing : null;
}

/** "When the item arrives": the thing a trigger is about, "the item", for an "it" after it. */
function subjectOf(tokens: Token[]): string | null {
  const at = tokens.findIndex((token) => token.norm === 'the');
  if (at < 0 || at > 3) return null;
  const named = namedThing(tokens, at + 1, (token) => isNoun(token) && !token.tags.has('Possessive'));
  const head = named ? tokens[named.end - 1] : undefined;
  if (!named || !head || head.tags.has('Plural') || head.tags.has('Actor') || head.tags.has('Person') || !isVerb(tokens[named.end])) return null;
  return named.thing;
}

/** Up to three words from `start` that `names` accepts, as "the …", and where they end; null when there are none. */
function namedThing(tokens: Token[], start: number, names: (token: Token, next: Token | undefined) => boolean): { thing: string; end: number } | null {
  let end = start;
  while (end < tokens.length && end - start < 3 && names(tokens[end]!, tokens[end + 1])) end++;
  return end === start ? null : { thing: `the ${tokens.slice(start, end).map((token) => token.text.toLowerCase()).join(' ')}`, end };
}

/** "Sign it" after "Review the cal sheet" → "Sign the cal sheet"; "them" only for a plural. */
function resolvePronoun(title: string, object: string, only?: 'it'): string {
  // ("write it in the record book": what is written down is what was just read, not the thing.)
  if (/^(?:write|record|log|note|enter|jot)\b/i.test(title)) return title;
  const plural = /s$/i.test(object);
  return title.replace(/^(\S+(?:\s+(?:back|out|in|up|down|off|over))?)\s+(it|them)(?=\s|$)/i, (whole, verb: string, pronoun: string) =>
    (pronoun.toLowerCase() === 'them') === plural && (!only || pronoun.toLowerCase() === only) ? `${verb} ${object}` : whole,
  );
}

/** What is done to a thing, not a thing: "(the hive) inspection", "(boiler) service". */
const activities = /^(?:check|inspection|service|clean|visit|round|change|test|handover|review|audit|drill|refill|repair|swap|wash)$/;

/** "(how) to clean the coffee grinder", "for a new starter laptop": the thing a procedure's opening names. */
export function topicIn(text: string): string | null {
  // ("when you go into the hive", "once you get to the kiln": where the work is done is what it is about, too.)
  const match = /\b(?:to\s+[a-z]+|for|(?:go|get|come|climb)\s+(?:in|into|to|inside|up\s+to))\s+(?:the|a|an|our|your|a\s+new|the\s+new)\s+((?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*)(?=\s*(?:[.,;:!?]|$|\s+(?:in|on|at|with|from|before|after|when|you|we|i|is|are|so|and|then)\b))/i.exec(text);
  const thing = match?.[1];
  // ("when the donations come in the back": a side or part of a place is where, not what.)
  if (!thing || /s$/i.test(thing) || /\b(?:it|them|this|that|way|thing|day|time|process|procedure)\b/i.test(thing) || /^(?:back|front|side|top|bottom|end|middle|corner|door|morning|evening|night|start|beginning)$/i.test(thing)) return null;
  // "a new starter laptop" is "the laptop" in a step; a two-word name ("coffee grinder") stays whole.
  // ("for a hive inspection": "it" is the hive, not the inspection.)
  const words = thing.toLowerCase().split(/\s+/);
  if (activities.test(words[words.length - 1]!)) words.pop();
  if (words.length === 0) return null;
  return `the ${words.length > 2 ? words[words.length - 1] : words.join(' ')}`;
}

/** A clause read as an instruction, a condition or a statement; in terse notes "old filters out" is "Remove old filters". */
function readNoteClause(clause: Clause, terse: boolean): Reading {
  // ("never back into bottle" is a caution, not a thing to put somewhere.)
  // "…and the last thing is lights off": an announced step said the way notes say it.
  const noteLike = terse || (clause.sequenced && clause.tokens.length <= 6);
  const respelled = noteLike && !['never', 'not'].includes(clause.tokens[0]?.norm ?? '') ? respellNote(clause.tokens) : null;
  if (respelled) return { kind: 'action', title: respelled, details: '', source: render(clause.tokens) };
  // ("→ 999 + start CPR", "999/111 per flowchart": in notes an emergency number alone is calling it.)
  const said = render(clause.tokens).replace(/^[\s=]+/, '').replace(/[\s.,;:]+$/, '');
  if (terse && /^(?:999|911|112|111|000)(?:\/\d{3})?\b/.test(said) && !/\b(?:call|ring|phone|dial)\b/i.test(said)) return { kind: 'action', title: `Call ${said}`, details: '', source: render(clause.tokens) };
  return readClause(clause.tokens, { continuesSubject: clause.continuesSubject, passiveOf: clause.passiveOf });
}

/** "else call Blue Spoon", "if not, re-run it", "otherwise page on-call": the instruction, done if not. */
function elseBranch(clause: Clause): Reading | null {
  const opening = ['else', 'otherwise'].includes(clause.tokens[0]?.norm ?? '') ? 1 : clause.tokens[0]?.norm === 'if' && ['not', 'no'].includes(clause.tokens[1]?.norm ?? '') && clause.tokens.length > 3 ? 2 : 0;
  const rest = clause.tokens.slice(opening);
  const verb = rest[0];
  if (!opening || !verb || rest.length < 2 || !(isBaseVerb(verb) || commonActionVerbs.has(verb.norm))) return null;
  const reading = readClause(rest);
  return reading.kind === 'action' ? { ...reading, title: `${reading.title} if not`, source: render(clause.tokens) } : null;
}

/** "heel and lace pads on the front of the ankle", "two anchors with the rigid tape": a thing to put on or do, named with no verb of its own. */
function jottedStep(tokens: Token[]): boolean {
  if (tokens.length < 2 || tokens.length > 24 || isExplanation(tokens)) return false;
  const first = tokens[0]!;
  if (first.tags.has('Pronoun') || !(isNoun(first) || first.tags.has('Acronym') || first.tags.has('Value') || first.tags.has('Adjective') || ['the', 'a', 'an', 'two', 'three', 'both', 'all'].includes(first.norm))) return false;
  // A verb with a tense of its own says what is so ("the grader does its thing"), unless a "where" or "that" describes the thing.
  // ("the day before they start", "floors you sweep": someone doing something is said with its verb.)
  if (tokens.some((token) => ['you', 'we', 'i', 'they', 'he', 'she', 'before', 'after', 'until', 'till'].includes(token.norm))) return false;
  // ("people forget that and then wonder why…": what people in general do is a remark.)
  if (genericDoers.has(first.norm)) return false;
  const relative = tokens.findIndex((token) => ['where', 'that', 'which', 'when', 'so', 'because', 'cause', 'if'].includes(token.norm));
  const said = relative > 0 ? tokens.slice(0, relative) : tokens;
  // ("…on the front of the ankle and the back of the heel where it rubs": what it names is long, what describes it is not counted.)
  return said.length <= 18 && !said.some((token, index) => index > 0 && (token.tags.has('Copula') || token.tags.has('Modal') || token.tags.has('Auxiliary') || (token.tags.has('PresentTense') && /s$/.test(token.norm) && !token.tags.has('Plural') && !isNoun(token)) || (token.tags.has('PastTense') && !token.tags.has('Participle') && !said[index - 1]!.tags.has('Adjective'))));
}

/** "the fees section must not…": a clause that names what it is about, not a pronoun or a bare "never". */
const ownSubject = (tokens: Token[]) => {
  const first = tokens[0];
  return Boolean(first && !first.tags.has('Pronoun') && !['never', 'not', 'dont', "don't", 'do', 'no'].includes(first.norm) && (first.norm === 'the' || (isNoun(first) && !isVerb(first))));
};

/** A note that explains or states a rule rather than saying what to do. */
const isExplanation = (tokens: Token[]) =>
  ['because', 'so', 'which', 'otherwise', 'eg', 'ie', 'note', 'nb', 'fyi', 'it', 'this', 'that', 'there', 'should', 'will', 'may', 'might', 'usually', 'normally', 'see'].includes(tokens[0]?.norm ?? '') || /\s=\s|^\s*[<>≤≥=]/.test(`${tokens[0]?.pre ?? ''}${render(tokens)}`);

/**
 * "quick chk: tyres, brakes, chain wear (tool)": a label ending in "check" over a list of things, in
 * the clauses from `at` (the commas of notes may have cut the list up: it is read together again);
 * the step that checks them, and where the list ends.
 */
function checkOverList(label: Clause, clauses: Clause[], at: number): { reading: Reading; end: number } | null {
  const said = label.tokens.map((token) => token.norm).join(' ');
  // "walk round: tyres, lights, mirrors" checks them on the way round; "PPE: gloves, visor" is put on.
  const verb = /^(?:ppe|wear)$/.test(said) ? 'Put on' : /(?:^|\s)(?:checks?|inspection|inspect)$/.test(said) || /^(?:walk[- ]?a?round|walkaround|look over)$/.test(said) ? 'Check' : null;
  if (!verb) return null;
  // (A list after a dash only for a walk-round: "floor - tap it" is no check.)
  if (clauses[at]?.joint === '-' && !/walk/.test(said)) return null;
  let end = at + 1;
  while (clauses[end]?.joint === ',' && wordsBeforeAside(clauses[end]!.tokens) <= 3) end++;
  const listed = clauses.slice(at, end).flatMap((part) => part.tokens);
  // ("…/ chain wear (tool; >0.75 = new chain)": an aside after the list is its details.)
  const asideAt = listed.findIndex((token) => /\(/.test(token.pre));
  const names = namedThings(asideAt > 0 ? listed.slice(0, asideAt) : listed);
  if (!names) return null;
  const aside = asideAt > 0 ? asSentence(render(listed.slice(asideAt)).replace(/^\(|\)$/g, '')) : '';
  return { reading: { kind: 'action', title: `${verb} ${joinAsList(names)}`, details: aside, source: `${render(label.tokens)} ${render(listed)}` }, end };
}

/** How many words come before an aside in parentheses ("chalk buckets (refill if low)": 2). */
function wordsBeforeAside(tokens: Token[]): number {
  const aside = tokens.findIndex((token) => /\(/.test(token.pre));
  return aside < 0 ? tokens.length : aside;
}

/** "tyres, brakes, chain", "harness / helmet / rope": two or more short names of things, or null. */
function namedThings(tokens: Token[]): string[] | null {
  const items: Token[][] = [[]];
  for (const token of tokens) {
    if (token.text === '/') {
      items.push([]);
      continue;
    }
    items[items.length - 1]!.push(token);
    if (/[,/]/.test(token.post)) items.push([]);
  }
  const named = items.filter((item) => item.length > 0);
  const plain = named.every((item) => item.length <= 3 && !item.some((token) => token.tags.has('Preposition') || determiners.has(token.norm) || token.tags.has('Pronoun')));
  return named.length >= 2 && plain ? named.map((item) => render(item).replace(/[\s,;:.]+$/, '')) : null;
}

/** "tin no., location, total, both sigs": two or more short names to the end of the line, none an instruction or a case; null otherwise. */
function thingsListedAfter(clauses: Clause[], from: number): string | null {
  const rest = clauses.slice(from);
  const short = rest.every((clause, at) => (at === 0 || clause.joint === ',') && clause.tokens.length <= 4 && !isExplanation(clause.tokens) && (clause.tokens.length === 1 || readClause(clause.tokens).kind === 'statement'));
  const tokens = rest.flatMap((clause) => clause.tokens);
  const items = tokens.reduce<Token[][]>((all, token) => {
    all[all.length - 1]!.push(token);
    if (/[,/]/.test(token.post)) all.push([]);
    return all;
  }, [[]]).filter((item) => item.length > 0);
  // ("both sigs", "your initials": a name may open with whose or how many; the tagger reads some names as verbs, "total".)
  const plain = (item: Token[]) => item.length <= 4 && !item.some((token) => token.tags.has('Preposition') || (isVerb(token) && !isNoun(token) && !token.tags.has('Gerund')));
  const names = items.every((item) => plain(item) || item.length === 1) && items.filter(plain).length * 2 >= items.length;
  return short && names && items.length >= 2 ? render(tokens).replace(/[\s.,;:!?]+$/, '') : null;
}

/** "customer arrives", "boat calls VHF ch 12 ~1hr out", "the alarm sounds": a thing or a person, then what it does, said in the present. */
function happens(tokens: Token[]): boolean {
  const words = tokens.filter((token) => token.text.trim() !== '');
  const start = determiners.has(words[0]?.norm ?? '') ? 1 : 0;
  // (The tagger reads "alarm sounds" as an order and a plural: two words alone, a thing and what it does, are read as such.)
  const verbAt = words.findIndex((token, index) => index > start && index <= start + 2 && isThirdPersonVerb(token) && !token.tags.has('Possessive') && (!token.tags.has('Plural') || (index === words.length - 1 && index === start + 1)));
  return verbAt > 0 && words.slice(start, verbAt).every((token) => (isNoun(token) || isNounWord(token.norm)) && !token.tags.has('Pronoun') && !token.tags.has('Plural') && !commonActionVerbs.has(token.norm));
}

/** "can't verify", "card won't read": what cannot be done, said in a few words; who cannot (the reader when unsaid), or null. */
function cannotDo(tokens: Token[]): 'reader' | 'named' | null {
  const words = tokens.filter((token) => token.text.trim() !== '' || token.norm === 'not');
  const at = words.findIndex((token, index) => index <= 2 && ['can', 'could', 'will', 'would', 'does', 'do', 'did'].includes(token.norm) && words[index + 1]?.norm === 'not');
  if (at < 0 || words.length > 6 || !isVerb(words[at + 2]) || words.slice(0, at).some((token) => isVerb(token) || token.tags.has('Pronoun'))) return null;
  return at === 0 ? 'reader' : 'named';
}

/** A short verbless fragment of notes that is not an explanation ("mic check", "5 rows x 8"). */
const isFragment = (tokens: Token[]) =>
  tokens.length > 0 && tokens.length <= 8 && !tokens.some((token) => isVerb(token) && !token.tags.has('Gerund') && !token.tags.has('PastTense')) && !['because', 'so', 'which', 'otherwise', 'eg', 'ie', 'never', 'not'].includes(tokens[0]!.norm);

/**
 * Terse notes: short lines without full stops, or clauses strung on semicolons and arrows
 * ("chk inv vs PO; sign; file"). There every fragment is a thing to do.
 */
function isTerseNotes(text: string): boolean {
  const lines = text.split('\n').map((line) => line.trim()).filter(Boolean);
  const short = lines.filter((line) => line.length <= 80).length;
  // A full stop ends a sentence at the end of a line or before a capital; "bath: oatmeal sh. if
  // itchy, tearless on face. rinse x2" is still a line of notes.
  const stops = (text.match(/[A-Za-z0-9)][.!?](?=[ \t]*$|\s+["'(]?[A-Z0-9])/gm) ?? []).length;
  const joints = (text.match(/;|->|→|=>/g) ?? []).length;
  return (lines.length >= 3 && short >= lines.length * 0.75 && stops <= lines.length / 4) || joints >= 3;
}

/** "Write it on the sheet", "write that down too", "enter both": recording a value just read, with nothing of its own named. */
const recordsWhatWasRead = (title: string) =>
  /^(?:write|record|note|log|enter|jot)\s+(?:it|that|them|both|those|these|the reading|the readings|the result|the results)(?:\s+down)?(?:\s+(?:on|in|into)\s+(?:the|a|your)\s+[\w-]+(?:\s+[\w-]+)?)?(?:\s+(?:too|as well|again))?$/i.test(title.trim());

/** A noun phrase and nothing else: "the brakes and the parking brake". */
const isBareObject = (tokens: Token[]) =>
  tokens.length > 0 &&
  (tokens[0]!.tags.has('Determiner') || isNoun(tokens[0])) &&
  // A verb-tagged word inside a noun phrase ("the parking brake") is a noun.
  !tokens.some((token, index) => isVerb(token) && !(index > 0 && (isNoun(tokens[index - 1]) || tokens[index - 1]!.tags.has('Adjective') || tokens[index - 1]!.tags.has('Gerund') || tokens[index - 1]!.tags.has('Determiner'))));

/**
 * A list item is one step, or one per action when it lists several bare instructions
 * ("Pick the items, scan every SKU"): its first instruction sentence gives the title (a
 * short question or label before it, "First visit?", goes to the details), the rest of
 * the item and its sub-items the details.
 */
function writeItem(writer: StepWriter, item: ItemBlock, notes = false) {
  const { text, nested = false, continuation = [] } = item;
  let { children } = item;
  const continued = continuation.length > 0;
  const sentences = [...tagSentences(text.replace(/^(?:step|task)\s+\d{1,3}\s*[:.)–-]\s*/i, '')), ...(continued ? tagSentences(continuation.join(' ')) : [])];
  const subSteps = children.map(subStepIn);
  // "If a gauge is in the red:" over "a) Take it out of service": the branch's instructions are steps, under its condition.
  const branch = sentences.length === 1 && subSteps.some(Boolean) ? (qualifierOnly(sentences[0]!) ?? thresholdLabel(sentences[0]!)) : null;
  if (branch) {
    writer.add(branch, { forward: true });
    writeSubItems(writer, children, subSteps, true);
    return;
  }
  // "10 replicates:", "Ultrasonic clean:", "Nobody available:" over sub-items that are instructions:
  // the label heads them (or is the case they are done in); the sub-items are the steps.
  // ("Bindings", "Desk reset", "Last 10 minutes" over their sub-items: a short name with no colon is a heading too.)
  const colon = /:\s*$/.test(text.trim());
  const heading = sentences.length === 1 && (colon || (nested && namesSection(sentences[0]!, subSteps)));
  if (heading && !/^`[^`]+`$/.test(stripMarker(children[0] ?? '').trim()) && headsSubSteps(sentences[0]!, subSteps, colon ? 2 : 1)) {
    const named = caseCondition(sentences[0]!);
    if (named) writer.add(named, { forward: true });
    else writer.leadNext(asSentence(render(sentences[0]!).replace(/[\s:]+$/, '')));
    writeSubItems(writer, children, subSteps, true);
    return;
  }
  const before = writer.steps.length;
  const leading: string[] = [];
  let titled = -1;
  // (Under a titled item, "1. Post first aider names" over its details, only the first line can be the title.)
  for (let index = 0; index < Math.min(continued ? 1 : 2, sentences.length) && titled < 0; index++) {
    if (writeItemSentence(writer, sentences[index]!, leading, notes, continued && index === 0)) titled = index;
    else if (index === 0 && sentences.length > 1 && isLead(sentences[0]!)) leading.push(asSentence(render(sentences[0]!)));
    else break;
  }
  const labelled = titled < 0;
  // "Search for the records in:" over "- CRM", "- Billing": where the item's words end, its sub-items finish the title.
  if (titled >= 0 && writer.steps.length > before && completesTitle(writer.last!, children)) {
    writer.last!.title = `${writer.last!.title} ${joinAsList(children)}`;
    children = [];
  }
  if (titled < 0) {
    // Not an instruction ("Cash drawer count", "Backup verified"): the item says what the step is.
    const first = sentences[0] ?? [];
    let title = capitalise(render(first).replace(/[\s.;:!?]+$/, ''));
    // Under "Pre-start checks", "Oil level between MIN and MAX" is a thing to check.
    if (/\b(?:checks?|checklist|inspections?|inspect|verify|verifications?)\b/i.test(writer.heading) && !/^(?:check|verify|inspect|confirm|ensure)\b/i.test(title)) title = `Check ${uncapitalise(title)}`;
    writer.add({ kind: 'action', title, details: '', source: render(first) });
    titled = 0;
    leading.length = 0;
  }
  // "Drain:" over "a. `kubectl drain <node>`": a command alone under an item that ends on a colon is how to do it, in its title.
  const command = children[0] !== undefined && /:$/.test(text.trim()) ? /^`[^`]+`$/.exec(stripMarker(children[0]).trim())?.[0] : undefined;
  if (command && writer.steps.length > before && `${writer.last!.title}: ${command}`.length <= MAX_TITLE) {
    writer.last!.title = `${writer.last!.title}: ${command}`;
    children = children.slice(1);
    subSteps.shift();
  }
  if (!writer.last || writer.steps.length === before) return;
  const firstAdded = writer.steps[before]!;
  // ("Submit the request on the booking portal with:" over what it is submitted with: the sub-items say it, not the title.)
  if (colon && children.length > 0) firstAdded.title = firstAdded.title.replace(/\s+(?:with|including)$/i, '');
  if (leading.length > 0) firstAdded.details = [...leading, firstAdded.details].filter(Boolean).join(' ');
  // "Then the benches. Check for tears and report them.": after an item that only names what it is
  // about, a sentence that opens with a bare verb is a step of its own. After an instruction it explains it.
  for (const sentence of sentences.slice(titled + 1)) {
    // ("Flood with iodine for 1 minute. Rinse.": a lone verb after the instruction finishes it.)
    const lone = sentence.filter((token) => /\p{L}/u.test(token.text));
    if (lone.length === 1 && commonActionVerbs.has(lone[0]!.norm) && `${writer.last!.title} and ${lone[0]!.norm}`.length <= MAX_TITLE && !/\b(?:if|unless)\b/i.test(writer.last!.title)) {
      writer.last!.title = `${writer.last!.title} and ${lone[0]!.norm}`;
      continue;
    }
    // ("Fill carboys to 80%. If it's at the line, swap to the spare.": what to do in another case is a step of its own.)
    const ownStep = !continued && (isImperative(sentence) || conditionalInstruction(sentence) || prohibition(sentence) || (!labelled && someoneDoes(sentence)));
    if (!(ownStep && writeItemSentence(writer, sentence, []))) writer.addDetail(writer.last!, asSentence(render(sentence)));
  }
  // "Verify:" over "a) Uplinks up", "Unlock and check the room:" over "a) Booths set up with a pencil": what the
  // sub-items say is so is each a thing the step checks, a step of its own.
  const checking = writer.steps.length > before ? (colon ? checkingVerb(writer.last!.title) : verbOverThings(writer.last!.title, children)) : null;
  const parent = writer.last!;
  writer.checking = checking;
  try {
    writeSubItems(writer, children, subSteps, false);
  } finally {
    writer.checking = null;
  }
  // ("Verify" alone over the checks it heads says nothing of its own.)
  if (checking && /^\S+(?:\s+\S+)?$/.test(parent.title) && !parent.details && writer.last !== parent) writer.steps.splice(writer.steps.indexOf(parent), 1);
}

/** The verb an item over things to check applies to them: "Verify" for "Verify:", "Check" for "Unlock and check the room". */
function checkingVerb(title: string): string | null {
  const verb = /^(check|verify|inspect|confirm|ensure|test|reconnect|connect|fit|set|set up)$/i.exec(title.trim())?.[1];
  if (verb) return capitalise(verb.toLowerCase());
  return /^(?:check|verify|inspect|confirm|ensure)\b|\band (?:check|inspect|verify)\b/i.test(title) ? 'Check' : null;
}

/** "Fix hangers" over "a) Mirror plates for anything on loan", "b) D-rings on split battens": a verb and a word over things, each said how or where, is done to each. */
function verbOverThings(title: string, children: string[]): string | null {
  const [verb] = /^[a-z]+(?=(?:\s+\S+)?$)/i.exec(title.trim()) ?? [];
  return verb && children.length >= 2 && canBeVerb(verb.toLowerCase()) && children.every(saysHowThingIs) ? capitalise(verb.toLowerCase()) : null;
}

/** "Booths set up with a pencil", "Uplinks first (ports 49–52)": a sub-item that names a thing and says how it is, with no instruction. */
function saysHowThingIs(child: string): boolean {
  const [sentence] = tagSentences(stripMarker(child));
  if (!sentence || sentence.length > 16 || sentence.length < 2 || child.includes('?')) return false;
  const first = sentence[0]!;
  // (It says how the thing is: "set up", "in place", "first", "matching the labels"; "washer fluid" only names it.)
  const says = sentence.slice(1).some((token, index) => ['PastTense', 'Participle', 'Gerund', 'Ordinal'].some((tag) => token.tags.has(tag)) || ['up', 'down', 'on', 'off', 'out', 'open', 'closed', 'visible', 'reachable', 'done'].includes(token.norm) || (token.tags.has('Preposition') && index + 2 < sentence.length));
  return says && (isNoun(first) || first.tags.has('Adjective') || determiners.has(first.norm) || ['then', 'all', 'both'].includes(first.norm)) && !first.tags.has('Pronoun') && !/^(?:if|when|unless|never|not|no|don't|do)$/i.test(first.norm);
}

/**
 * Sub-items: each instruction among them is a step of its own ("Walk the route:" over "- Check
 * each gauge"); the others explain the step before them. Under a branch every sub-item is read.
 */
function writeSubItems(writer: StepWriter, children: string[], subSteps: (Token[] | null)[], branch: boolean) {
  // "Check the wind reading" over "- Under 50 km/h: carry on": the ranges are of what the step reads.
  writer.measured = !branch && writer.last ? objectOf(writer.last.title) : null;
  try {
    writeEachSubItem(writer, children, subSteps, branch);
  } finally {
    writer.measured = null;
  }
}

function writeEachSubItem(writer: StepWriter, children: string[], subSteps: (Token[] | null)[], branch: boolean) {
  // A list of things under an instruction ("Check the levels:" over "- oil", "- coolant") is its details.
  // "a) If it failed twice, open a ticket. b) Otherwise rerun it.": a decision stays whole in the details.
  const before = writer.steps.length;
  const decision = children.some((child) => /^(?:otherwise|else|if not)\b/i.test(stripMarker(child)));
  const asSteps = branch || (!decision && subSteps.filter(Boolean).length >= Math.max(1, children.length / 2));
  children.forEach((child, index) => {
    const sentence = subSteps[index];
    const question = questionLead(child);
    // (Among sub-items that mostly explain, one that opens with its verb is still a step of its own.)
    const leading = question ? [question] : [];
    // ("- DO NOT plug the uplinks into other ports", "c) If anything fails: roll back": a prohibition, or what to do in a case, is a step too.)
    if ((asSteps || (sentence && !decision && (isImperative(sentence) || prohibition(sentence) || conditionalInstruction(sentence)))) && sentence && writeItemSentence(writer, sentence, leading)) {
      if (leading.length > 0) writer.last!.details = [...leading, writer.last!.details].filter(Boolean).join(' ');
      // "If it fails: roll back and stop. Page the on-call engineer.": a later bare instruction in a sub-item is a step too.
      for (const rest of tagSentences(askedThenArrow(child)).slice(question ? 2 : 1)) if (!(isImperative(rest) && writeItemSentence(writer, rest, []))) writer.addDetail(writer.last!, asSentence(render(rest)));
      return;
    }

    if (writer.checking && !decision && saysHowThingIs(child)) {
      const said = stripMarker(child).replace(/^then\s+/i, '').replace(/[\s.;,]+$/, '');
      // ("Spot-check a phone and a PC": a verb the tagger missed, before its object, is the instruction.)
      const verb = /^(?:[a-z]+-)?([a-z]+)\s+(?:a|an|the|each|every|all|any|your)\s/i.exec(said)?.[1];
      const instructs = Boolean(verb && canBeVerb(verb.toLowerCase()));
      writer.add({ kind: 'action', title: instructs ? capitalise(said) : `${writer.checking} ${uncapitalise(said)}`, details: '', source: child });
      return;
    }
    // "Halogenated solvents → green carboy", "torch on the hook by the rail": a sub-item jotted as a note reads as one.
    const jotted = stripMarker(child);
    if (!decision && ((arrowNote.test(jotted) && arrowLeadsSomewhere(jotted)) || jottedNote(jotted))) {
      const count = writer.steps.length;
      writeProse(writer, jotted, true, true);
      if (writer.steps.length > count) return;
    }
    // ("If a kart spins:" over "a) Yellow flag at the nearest post", "b) Driver stays in the kart": under a branch, each short sub-item is what to do, as jotted.)
    // ("Rig the ladder" over "a) side ropes secured to strong points on deck": under an instruction, how each part must be is a step as jotted.
    // What an inspection looks for, a label and its value ("Temperature: 16–19 °C"), or names ("- oil", "- hair colour, height") say more about the step.)
    if ((branch || jottedPart(jotted, writer.last)) && !decision && asJotted(jotted)) {
      writer.add({ kind: 'action', title: capitalise(jotted.replace(/[\s.;,]+$/, '')), details: '', source: child });
      return;
    }
    const detail = /^\(?[a-z0-9]{1,4}[.)]\s/i.test(child) ? child.replace(/([^.!?])$/, '$1.') : asSentence(child);
    // ("Cable up:" over "- Power: one PSU to each feed", "- Label both ends": under a heading, what comes before its first step leads into it.)
    if (branch && writer.steps.length === before) writer.leadNext(detail);
    else if (writer.last) writer.addDetail(writer.last, detail);
    else writer.context.push(detail);
  });
}

/** "side ropes secured to strong points on deck" under "Rig the ladder": a part and how it must be, under an instruction that does not inspect. */
function jottedPart(jotted: string, parent: DraftStep | undefined): boolean {
  const [sentence] = tagSentences(jotted);
  return Boolean(sentence && sentence.length >= 3) && !/^[^,]{1,30}:\s/.test(jotted) && !namedThings(sentence!) && !(parent && checkingVerb(parent.title));
}

/** One short sentence that is no question, remark or explanation: a sub-item that can stand as a step as it is written. */
function asJotted(text: string): boolean {
  const [sentence, more] = tagSentences(text);
  // ("`NH` – not home": a code's legend is no step.)
  return Boolean(sentence) && !more && sentence!.length >= 2 && sentence!.length <= 12 && !/[?]/.test(text) && !/^(?:`[^`]+`|[A-Z0-9]{1,5})\s*[–—=-]\s/.test(text) && !remark.test(text) && !isExplanation(sentence!);
}

/** "solvents → red carboy", "no PO → send it back": the arrow says where a thing goes or what to do, not only a case ("damaged → repair tray" is read with its step). */
function arrowLeadsSomewhere(note: string): boolean {
  const [left, right] = splitClauses(tagSentences(note)[0] ?? [], { terse: true });
  if (!left || !right || right.joint !== '>') return false;
  return Boolean(thingToPlace(left.tokens, right.tokens)) || readNoteClause(right, true).kind === 'action';
}

/** "headphones back on the hook": a short lower-case line that says, the way notes do, where a thing goes or how it is left. */
function jottedNote(text: string): boolean {
  const [sentence, more] = tagSentences(text);
  // ("no cracks in the rails" says how it should be, not where to put anything.)
  return /^[a-z]/.test(text) && !/^(?:no|not|none|never|nothing|any)\b/.test(text) && !more && Boolean(sentence && sentence.length <= 10 && respellNote(sentence));
}

/** A word, an arrow, a word: "solvents → red carboy". */
const arrowNote = /^[^;]*?\p{L}[^;]*?;; *\p{L}/u;

const stripMarker = (child: string) => child.replace(/^\(?[a-z0-9]{1,4}[.)]\s+/i, '');

/** The instruction a sub-item opens with, or null when it names a thing or explains. */
function subStepIn(child: string): Token[] | null {
  const sentences = tagSentences(askedThenArrow(child));
  // "Any pods with local storage? → stop and ask the storage team": the instruction after a short question.
  if (questionLead(child)) return sentences[1]!;
  const [first] = sentences;
  if (!first) return null;
  if (isImperative(first)) return first;
  // "If there is no reply, close the request", "Do not delete billing records": a condition's instruction, a prohibition.
  const clauses = splitClauses(first);
  const readings = clauses.map((clause) => readClause(clause.tokens));
  const actionAt = readings.findIndex((reading) => reading.kind === 'action');
  // ("Under 50 km/h: carry on": going on as normal is no step of its own.)
  if (actionAt > 0 && /^(?:carry on|continue|proceed|go ahead)$/i.test((readings[actionAt] as { title: string }).title)) return null;
  // ("Over 70: lift stays closed, tell the supervisor": what is so in that case explains it.)
  if (actionAt > 0 && readings.slice(0, actionAt).every((reading, index) => reading.kind === 'condition' || reading.kind === 'trigger' || labelledCase(clauses, index) || (index > 0 && reading.kind === 'statement' && Boolean(labelledCase(clauses, 0))))) return first;
  // ("counterweight arbor: count weights against the sheet", "spike marks visible - re-tape if worn": what to check, then what to do about it.)
  if (actionAt === 1 && readings[0]!.kind === 'statement' && [':', '-'].includes(clauses[1]!.joint ?? '') && clauses[0]!.tokens.length <= 6 && !isRemarkLabel(render(clauses[0]!.tokens))) return first;
  if (actionAt === 0 && /^(?:do not|never)\b/i.test((readings[0] as { title: string }).title)) return first;
  // "Flush both nozzles": a verb the tagger took for another word, read as one by the clause reader.
  const reading = readings[0];
  return reading?.kind === 'action' && reading.title.split(/\s+/)[0]!.toLowerCase() === first[0]!.norm && !saysHow(first) ? first : null;
}

/** "local PV? → stop": an arrow after a question is a sentence break. */
const askedThenArrow = (child: string) => stripMarker(child).replace(/\?\s*(?:;;|->|→|=>)\s*/g, '? ');

/** A short question that opens a sub-item, with an instruction after it: the question, as the step's details. */
function questionLead(child: string): string | null {
  if (!child.includes('?')) return null;
  const [first, second] = tagSentences(askedThenArrow(child));
  if (!first || !second || first.length > 10 || !/\?/.test(first[first.length - 1]!.post)) return null;
  return isImperative(second) ? capitalise(render(first).replace(/[\s;]+$/, '')) : null;
}

/**
 * A label over sub-items most of which are instructions, that gives no instruction of its own
 * (or only a name of two or three words with no object, "Ultrasonic clean"): a heading for them.
 */
function headsSubSteps(label: Token[], subSteps: (Token[] | null)[], fewest = 2): boolean {
  if (subSteps.length < fewest || subSteps.filter(Boolean).length < subSteps.length / 2) return false;
  const words = label.filter((token) => token.text);
  const named = words.length <= 3 && !words.some((token) => determiners.has(token.norm) || token.tags.has('Pronoun') || token.tags.has('Preposition'));
  return named || !splitClauses(label).some((clause) => readClause(clause.tokens).kind === 'action');
}

/** "Boots", "Sound check" over sub-items that say what to do: a name of a few words, no instruction, no sentence. */
function namesSection(label: Token[], subSteps: (Token[] | null)[]): boolean {
  const words = label.filter((token) => token.text);
  return words.length <= 4 && subSteps.some(Boolean) && !/[.!?]$/.test(render(label).trim()) && !isImperative(label);
}

/** Sub-items that finish a title ending on a preposition: a few short names, the whole fitting in a title. */
function completesTitle(step: DraftStep, children: string[]): boolean {
  if (children.length < 1 || children.length > 5 || !/\s(?:in|on|at|from|for|to|with|into|by|via|using)$/i.test(step.title)) return false;
  const names = children.map(stripMarker);
  return names.every((name) => name.split(/\s+/).length <= 4 && !/[.;:]$/.test(name)) && `${step.title} ${joinAsList(names)}`.length <= MAX_TITLE;
}

const joinAsList = (names: string[]) => {
  const clean = names.map((name) => stripMarker(name).replace(/[\s,]+$/, ''));
  return clean.length <= 1 ? (clean[0] ?? '') : `${clean.slice(0, -1).join(', ')} and ${clean[clean.length - 1]}`;
};

/** A list item that is only a condition or trigger ("If a gauge is in the red:", "When the alarm sounds"). */
function qualifierOnly(sentence: Token[]): Qualifier | null {
  const clauses = splitClauses(sentence);
  if (clauses.length !== 1) return null;
  const reading = readClause(clauses[0]!.tokens);
  return reading.kind === 'condition' || reading.kind === 'trigger' ? reading : null;
}

/**
 * "Free chlorine under 1.0 ppm:", "Temperature above 8 °C", "No PO:": a label with no verb that
 * states a reading against a limit (or an absence), over the actions for that case, is their
 * condition ("…if free chlorine is under 1.0 ppm").
 */
function thresholdLabel(sentence: Token[]): Qualifier | null {
  const words = sentence.filter((token) => token.text);
  if (words.length < 2 || words.length > 8 || words.some((token) => isVerb(token) && !token.tags.has('Auxiliary'))) return null;
  const text = render(words).replace(/[\s:.,;–—-]+$/, '');
  if (/^(?:no|not|missing|without)\b/i.test(text)) return { kind: 'condition', text: `If there is ${uncapitalise(text)}` };
  const at = words.findIndex((token, index) => index > 0 && (limitWords.has(token.norm) || /^[<>≤≥]/.test(`${token.pre.trim()}${token.text}`)));
  if (at < 0 || !words.slice(0, at).every((token) => isNoun(token) || ['Adjective', 'Acronym', 'Abbreviation', 'Value'].some((tag) => token.tags.has(tag)) || determiners.has(token.norm))) return null;
  const subject = render(words.slice(0, at));
  const copula = words[at - 1]!.tags.has('Plural') ? 'are' : 'is';
  return { kind: 'condition', text: `If ${uncapitalise(subject)} ${copula} ${render(words.slice(at)).replace(/[\s:.,;–—-]+$/, '')}` };
}
const limitWords = new Set(['under', 'over', 'above', 'below', 'between', 'outside', 'within', 'beyond', 'less', 'more', 'greater', 'higher', 'lower', 'exceeds', 'at']);

/** "If it's at the line, swap to the spare": a condition, then an instruction. */
function conditionalInstruction(sentence: Token[]): boolean {
  if (!conditionStarts.has(sentence[0]?.norm ?? '')) return false;
  const readings = splitClauses(sentence).map((clause) => readClause(clause.tokens));
  // (One condition and one instruction; a comma inside the condition means it was not cut where it ends.)
  // ("If there are any, ask the site manager to isolate that zone and note the zone number": one or more instructions.)
  // ("If it doesn't, get a new pot and label it before going on.": a time after the instructions is theirs.)
  const said = readings.slice(1);
  return readings.length >= 2 && readings[0]!.kind === 'condition' && !/,\s*\S/.test(readings[0]!.text) && said[0]!.kind === 'action' && said.every((reading, index) => reading.kind === 'action' || (index > 0 && reading.kind === 'trigger'));
}

/** A sentence that gives an instruction in the imperative: it opens with a bare verb, not a caution or an aside. */
function isImperative(sentence: Token[]): boolean {
  const first = sentence[0];
  if (!first || sentence.length < 3 || !(isBaseVerb(first) || commonActionVerbs.has(first.norm) || unknownVerbBeforeObject(first, sentence[1])) || saysHow(sentence)) return false;
  const reading = readClause(splitClauses(sentence)[0]?.tokens ?? []);
  return reading.kind === 'action' && !/^(?:never|do not)\b/i.test(reading.title);
}
/** "The operative keeps the top copy at the work area.": a role named, then what they do. */
const someoneDoes = (sentence: Token[]) => {
  const at = sentence[0]?.norm === 'the' ? 1 : 0;
  return Boolean(sentence[at] && isRole(sentence[at]!)) && actorVerbAt(sentence, 0) !== null && readClause(splitClauses(sentence)[0]?.tokens ?? []).kind === 'action';
};

/** "Don't argue.", "Never throw them off the roof.": a sentence that is a prohibition from its first word. */
const prohibition = (sentence: Token[]) =>
  sentence.length >= 3 && /^(?:do not|don't|dont|never)\b/i.test(render(sentence)) && readClause(splitClauses(sentence)[0]?.tokens ?? []).kind === 'action';

// "Use the template": how to do the step just given, not another step.
const stateWords = new Set(['be', 'have', 'do', 'let', 'see', 'note', 'remember', 'expect', 'allow', 'keep', 'use', 'try']);

/**
 * A sentence that opens with one of those words says how, not what to do; but "Note the
 * meter reading", "Note any damage on the form" records something: an instruction.
 */
function saysHow(sentence: Token[]): boolean {
  const [first, second] = sentence;
  if (!first || !stateWords.has(first.norm)) return false;
  const recording = first.norm === 'note' && !/[:–—-]/.test(first.post) && second !== undefined && !['that', 'down', 'how', 'what', 'which', 'if', 'whether', 'this', 'it'].includes(second.norm) && (determiners.has(second.norm) || second.tags.has('Adjective') || isNoun(second));
  return !recording;
}

/** A short question or label that leads into an item's instruction: "First visit?", "Cardio machines first". */
const isLead = (sentence: Token[]) => sentence.length <= 6 && !sentence.some((token) => isVerb(token) && !token.tags.has('Auxiliary'));

/** Writes the steps one sentence of an item gives; false when it gives no instruction. */
function writeItemSentence(writer: StepWriter, sentence: Token[], leading: string[], notes = false, headline = false): boolean {
  const clauses = withWhatIsSaid(splitClauses(sentence, { terse: notes }));
  // ("FAIL: attach the tag": an outcome before a colon is no one-word instruction.)
  const readings = clauses.map((clause, index) => (isOutcome(clause.tokens) && labelledCase(clauses, index)) || (namesStep(clauses, index) ? { kind: 'statement' as const, text: render(clause.tokens) } : readNoteClause(clause, notes)));
  const actionAt = readings.findIndex((reading) => reading.kind === 'action');
  if (actionAt < 0) return false;
  // ("1. Grade findings and hold a closing meeting" over its details: the writer's title stays whole.)
  if (headline && actionAt > 0 && readings.slice(0, actionAt).every((reading) => reading.kind === 'statement') && !labelledCase(clauses, actionAt - 1)) return false;
  // Conditions and triggers before the instruction qualify it, as does a case named before a
  // colon or an arrow ("Damaged or blunt: put it in the repair tray"); other words explain it.
  readings.slice(0, actionAt).forEach((reading, index) => {
    const named = reading.kind === 'statement' ? labelledCase(clauses, index, writer.measured) : null;
    const joint = clauses[index + 1]?.joint;
    if (named) writer.add(named, { forward: true });
    // "Floor – tap it with a hammer": a short thing named before a dash or a colon is what the step is done to, in its title.
    else if (reading.kind === 'statement' && index === actionAt - 1 && (joint === '-' || joint === ':') && (thingLabel(clauses[index]!.tokens) || namesStep(clauses, index))) writer.prefixNext(thingLabel(clauses[index]!.tokens) ?? capitalise(render(clauses[index]!.tokens).replace(/[\s:]+$/, '')));
    else if (reading.kind === 'statement') leading.push(asSentence(reading.text));
    else writer.add(reading, { forward: true });
  });
  // Several bare instructions in a row are several steps; otherwise the item's words stay together.
  const rest = clauses.slice(actionAt);
  // "Samples … are aliquoted and stored at 4 °C": a passive and its second participle are two steps too.
  const ownStep = (clause: Clause, index: number) =>
    isBaseVerb(clause.tokens[0]) || opensWithOwnVerb(clause, readings[actionAt + index]!) || notes || Boolean(clause.passiveOf) || Boolean(rest[index + 1]?.passiveOf);
  // "Check the hose — if not, order a new one": a condition between two instructions opens the second.
  const leadsInto = (index: number) => {
    const reading = readings[actionAt + index]!;
    const next = readings[actionAt + index + 1];
    return (reading.kind === 'condition' || reading.kind === 'trigger') && index > 0 && next?.kind === 'action' && /[-;]/.test(rest[index]!.joint ?? '');
  };
  // ("1. Issue the report and track corrective actions" over its details: a titled item is the writer's one step.)
  const joinedByAnd = headline && rest.length === 2 && Boolean(rest[1]!.conjoined) && !rest[1]!.joint;
  const separate =
    !joinedByAnd &&
    rest.length >= 2 &&
    rest.filter((_, index) => readings[actionAt + index]!.kind === 'action').length >= 2 &&
    rest.every((clause, index) => leadsInto(index) || (readings[actionAt + index]!.kind === 'action' && ownStep(clause, index)));
  if (separate) {
    rest.forEach((_, index) => writer.add(readings[actionAt + index]!, { forward: leadsInto(index) }));
    return true;
  }
  const from = sentence.indexOf(clauses[actionAt]!.tokens[0]!);
  const whole = readClause(from >= 0 ? dropFillers(sentence.slice(from)) : joined(rest));
  // "glasses washed / racked": a note said as an instruction ("Wash and rack glasses") is read from its own words.
  if (whole.kind === 'action') writer.add(whole);
  else {
    // ("Empty run: run the lift": read whole it says nothing to do, but the item is a step; never another step's details.)
    writer.add(readings[actionAt]!);
    const after = render(joined(rest.slice(1))).trim();
    if (after && writer.last) writer.addDetail(writer.last, asSentence(after));
  }
  return true;
}

/** "Floor", "Bedding plants": a thing of up to three words named as a label, or null. */
function thingLabel(tokens: Token[]): string | null {
  return tokens.length <= 3 && isBareThing(tokens) ? capitalise(render(tokens).replace(/[\s:;,–—-]+$/, '')) : null;
}

/**
 * "Test run: run the lift…", "Network: patch…", "Final check: …": one or two words with no article
 * before a colon and an instruction name the step; they are not an instruction ("test the run") of their own.
 */
function namesStep(clauses: Clause[], index: number): boolean {
  const words = clauses[index]!.tokens.filter((token) => token.text.trim() !== '');
  const next = clauses[index + 1];
  const last = words[words.length - 1];
  return index === 0 && (words.length === 2 || (words.length === 1 && !isRemarkLabel(words[0]!.text))) && next?.joint === ':' && Boolean(last) && isNounWord(last!.norm) && !determiners.has(last!.norm) && !last!.tags.has('Pronoun') && readClause(next.tokens).kind === 'action';
}

/** Clauses' words as one run; a clause read again on its own may have lost the space after its last word. */
function joined(clauses: Clause[]): Token[] {
  return clauses.flatMap((clause, index) =>
    clause.tokens.map((token, at) => (index < clauses.length - 1 && at === clause.tokens.length - 1 && !/\s$/.test(token.post) ? { ...token, post: `${token.post} ` } : token)),
  );
}

/** "A = do B": the instruction after an equals sign, under the case or the thing before it. */
function equatedAction(clause: Clause): { reading: Reading; condition: Qualifier | null; label: string } | null {
  const at = clause.tokens.findIndex((token) => token.text === '=');
  if (at < 1 || at > 6 || at === clause.tokens.length - 1) return null;
  const left = clause.tokens.slice(0, at);
  const right = clause.tokens.slice(at + 1).filter((token) => token.text);
  // ("name = date" is a rule; a lone word is an instruction only when shouted: "= RETIRE".)
  // ("chipped = bin", "5% off = investigate": after a case, a verb procedures use is an instruction too.)
  const word = right[0]!;
  // (Not in an aside: "chk chips (chipped = bin)" says how the check is read.)
  const caseVerb = right.length === 1 && !left.some((token) => /\(/.test(token.pre)) && (commonActionVerbs.has(word.norm) || nounsUsedAsVerbs.has(word.norm) || isBaseVerb(word) || canBeVerb(word.norm)) && (caseCondition(left) !== null || left.some((token) => token.tags.has('Value')));
  if (right.length === 1 && !/^[A-Z]{3,}$/.test(right[0]!.text) && !caseVerb) return null;
  const reading = caseVerb ? { kind: 'action' as const, title: capitalise(right[0]!.norm), details: '', source: render(clause.tokens) } : readClause(clause.tokens.slice(at + 1));
  if (reading.kind !== 'action') return null;
  // ("20 on any trap = order Encarsia": a number said before "=" is a case too.)
  const counted = left.some((token) => token.tags.has('Value')) && !left.some((token) => /\(/.test(token.pre));
  const condition = caseCondition(left) ?? (caseVerb || counted ? { kind: 'condition' as const, text: `If ${render(left)}` } : null);
  const label = thingLabel(left);
  return condition || label ? { reading, condition, label: label ?? '' } : null;
}

/** The case a clause names when a colon or an arrow leads from it into the next ("PASS: sign CI-3"), or null. */
function labelledCase(clauses: Clause[], index: number, measured?: string | null): Qualifier | null {
  const next = clauses[index + 1];
  return next && (next.joint === ':' || next.joint === '>') ? caseCondition(clauses[index]!.tokens, measured) : null;
}

/** "…and tell the user it's ready": what is said to someone stays with the verb of saying. */
function withWhatIsSaid(clauses: Clause[]): Clause[] {
  const joined: Clause[] = [];
  for (const clause of clauses) {
    const before = joined[joined.length - 1];
    if (before && !clause.joint && !clause.sequenced && telling.has(before.tokens[0]?.norm ?? '') && readClause(clause.tokens).kind === 'statement') joined[joined.length - 1] = { ...before, tokens: [...before.tokens, ...clause.tokens] };
    else joined.push(clause);
  }
  return joined;
}
const telling = new Set(['tell', 'inform', 'remind', 'warn', 'assure', 'notify']);

/**
 * "…and hand back the badge": a joined clause read as an instruction on its own first word, a
 * verb the tagger took for a noun ("hand"), is a bare instruction like the one before it.
 */
function opensWithOwnVerb(clause: Clause, reading: Reading): boolean {
  const first = clause.tokens[0];
  return Boolean(clause.conjoined && first && reading.kind === 'action' && reading.title.split(/\s+/)[0]!.toLowerCase() === first.norm && !first.tags.has('Actor'));
}

/** Words that label a remark rather than a step: "Note:", "Warning:". */
const remarkWords = '(?:note|nb|n\\.b\\.|tip|hint|fyi|ps|p\\.s\\.|remember|important|warning|caution)';
const remark = new RegExp(`^${remarkWords}\\s*[:!–—-]\\s*\\S`, 'i');
const remarkLabel = new RegExp(`^${remarkWords}$`, 'i');
const isRemarkLabel = (label: string) => remarkLabel.test(label.replace(/[\s:]+$/, ''));

/** "Thanks!", "Cheers, Dan", "Duty supervisor: ____" (and a name alone on the last line). */
const signOff = /^(?:(?:thanks|thank you|many thanks|cheers|regards|best wishes|that'?s (?:it|all))\b.{0,20}|.*_{3,}.*)$/i;

/**
 * Running text above a list introduces it (who owns the list, when to start), but what it tells
 * the reader to do first is done first: "Wear gloves and goggles when mixing. Keep dogs out of the race."
 */
function writePreamble(writer: StepWriter, text: string, terse = false) {
  const before = writer.steps.length;
  writeProse(writer, text, terse);
  const added = writer.steps.splice(before);
  for (const step of added) {
    const [said] = tagSentences(step.source);
    // ("Keep dogs out of the race": any instruction in the imperative, not only those isImperative takes for steps in a list;
    // "Do these in order", "Use form CI-3", "Note:" say how to go about the list.)
    // ("Vinegar does not neutralise lye – flush with water for 15 min": or opening a clause of its own after a dash or a colon.)
    const verb = step.title.split(/\s+/)[0]!.toLowerCase();
    const at = said ? said.findIndex((token, index) => token.norm.replace(/^don't$/, 'do') === verb && (index === 0 || /[–—:;-]/.test(said[index - 1]!.text + said[index - 1]!.post + token.pre))) : -1;
    const opened = said && at >= 0 ? said.slice(at) : null;
    const instructs = (opened && /\s/.test(step.title) && (prohibition(opened) || ((isBaseVerb(opened[0]) || commonActionVerbs.has(opened[0]!.norm) || canBeVerb(opened[0]!.norm)) && !['do', 'use', 'note', 'see', 'read'].includes(opened[0]!.norm)))) || wearsKit(step.title) || /^No\s/.test(step.title);
    // ("Complete before leaving the depot", "Please follow this": about the list itself, not a step.)
    if (!instructs || aboutTheList.test(step.title)) writer.context.push(asSentence([step.title, step.details].filter(Boolean).join('. ')));
    else writer.steps.push(step);
  }
}
/** Protective kit, by the last word of its name. */
const kit = new Set('gloves glove goggles glasses specs sleeves boots apron aprons mask masks visor hi-vis helmet hat earplugs defenders overalls respirator ppe gown gowns coat shoes vest hairnet harness'.split(' '));
/** "Wear goggles, nitrile gloves, long sleeves": a step that puts on kit. */
const wearsKit = (title: string) => /^Wear\s/.test(title);

/** "goggles, nitrile gloves, long sleeves": two or more things, all of them protective kit, or null. */
function kitListed(tokens: Token[]): string[] | null {
  const named = namedThings(tokens);
  return named && named.every((name) => kit.has(name.toLowerCase().split(/\s+/).pop() ?? '')) ? named : null;
}

const aboutTheList = /^(?:complete|follow|read|use|print|keep|tick|sign)\b(?!.*\b(?:gloves|goggles|ppe|boots)\b)(?:\s+(?:this|these|it|them|the (?:list|checklist|steps|procedure|form|sheet)))?(?:\s+(?:before|after|when|at|on|every|each|for|so|in)\b.*)?$|\b(?:this|these) (?:list|checklist|steps|procedure|sop|runbook|guide)\b/i;

const firstItem = (blocks: ReturnType<typeof readBlocks>) => blocks.findIndex((block) => block.kind === 'item');

/** Shorthand of typed notes, spelt out so the tagger reads it ("chk inv w/ mgr"). */
const shorthand: [RegExp, string | ((match: string) => string)][] = [
  // "wipe the rail down cause it gets sticky", "cos otherwise it floods": spoken "because" (not "the cause of").
  [/(?<!\b(?:the|a|root|main|likely|probable|good|no)\s+)['‘]?\b(?:cause|cos|coz|cuz)\b(?=\s+(?:it|it's|they|they're|you|you're|we|i|he|she|there|the|that|otherwise|if|then|this|some|any|all|a|an|its|their|your|my|our|everyone|nobody|people)\b)/gi, 'because'],
  // ("spray top->bottom", "screws L->R": an arrow inside a word pair says from one to the other.)
  [/(?<=\p{L})(?:->|→)(?=\p{L})/gu, ' to '],
  // An arrow is a joint of its own (";;"), read as a semicolon and written as one.
  [/\s*(?:->|=>|→|⇒)\s*/g, ';; '],
  [/\s@\s/g, ' at '],
  [/\bmics?\b/gi, (match: string) => (match.length > 3 ? 'microphones' : 'microphone')],
  [/\bpg\b/gi, 'page'],
  [/\bppl\b/gi, 'people'],
  [/\bw\/in\b/gi, 'within'],
  [/\bw\/o\b/gi, 'without'],
  [/\bw\/(?=\s|\w)/gi, 'with '],
  [/\b(?:chk|chck)\b/gi, 'check'],
  [/\b(?:pls|plz)\b/gi, 'please'],
  [/\bb4\b/gi, 'before'],
  [/\bmgr\b/gi, 'manager'],
  [/\bcust\b/gi, 'customer'],
  [/\bqty\b/gi, 'quantity'],
  [/\bamt\b/gi, 'amount'],
  [/\bacct\b/gi, 'account'],
  [/\bappt\b/gi, 'appointment'],
  [/\bmsg\b/gi, 'message'],
  [/\bpwd\b/gi, 'password'],
  [/\b(?:recv|rcv)\b/gi, 'receive'],
  [/\btmrw\b/gi, 'tomorrow'],
  [/\b(?:sup|supv|spvr)\b/gi, 'supervisor'],
  [/\brcpt(s?)\b/gi, 'receipt$1'],
  [/\bdept\b(?!\.)/gi, 'department'],
  [/\breqd\b/gi, 'required'],
  [/\binfo\b/gi, 'information'],
];

/**
 * Shorthand only notes use, spelt out there and nowhere else ("temp" in a sentence may be a
 * temporary worker, "cab" a taxi; in "milk fridge temp < 5C" or "supply cab" they are not).
 */
const noteShorthand: [RegExp, string | ((match: string, count: string) => string)][] = [
  [/\b(?:tmpl|tmplt)\b/gi, 'template'],
  // ("key cab", "supply cab"; "stay in cab" is a vehicle's.)
  [/(?<!\b(?:in|into|the|a|of|to|from|out|my|your|our|their|lorry|truck|van|tractor|vehicle|crane|driver's)\s)\bcab\b/gi, 'cabinet'],
  [/\bver\b/gi, 'version'],
  // ("NB never on clamp alone": a leading "NB" only marks the line as one to heed.)
  [/^(\s*(?:[-*•]\s+)?)N\.?B\.?\s+(?=[a-z])/gm, '$1'],
  [/(?<=\p{L}\s)u(?=\s\p{L})/gu, 'you'],
  [/\bdesc\b/gi, 'description'],
  [/\bsched\b/gi, 'schedule'],
  [/\borig\b/gi, 'original'],
  [/\bstd\b/gi, 'standard'],
  [/\bprog\b/gi, 'program'],
  [/\btemps\b/gi, 'temperatures'],
  [/\btemp\b/gi, 'temperature'],
  [/\bmob\b/gi, 'mobile'],
  [/\bsys\b/gi, 'system'],
  [/\bdist\b/gi, 'distance'],
  [/\bapprox\b\.?/gi, 'approximately'],
  [/\breq\b/gi, 'request'],
  [/\bdocs\b/gi, 'documents'],
  [/\bdoc\b/gi, 'document'],
  [/\bmgmt\b/gi, 'management'],
  [/\bmtg\b/gi, 'meeting'],
  [/\bsvc\b/gi, 'service'],
  [/\btxt\b/gi, 'text'],
  [/\bpics\b/gi, 'photos'],
  [/\bpic\b/gi, 'photo'],
  [/\bnxt\b/gi, 'next'],
  [/\bprev\b/gi, 'previous'],
  [/\bthru\b/gi, 'through'],
  [/\b(?:b\/c|bc)\b/gi, 'because'],
  [/\bea\b/gi, 'each'],
  [/\baddr\b/gi, 'address'],
  [/\bwk\b/gi, 'week'],
  [/\bwks\b/gi, 'weeks'],
  [/\bmth\b/gi, 'month'],
  [/\byr\b/gi, 'year'],
  [/\bhrs?\b/g, 'hours'],
  [/\beps\b/gi, 'episodes'],
  [/\bep\b/gi, 'episode'],
  [/\bYT\b/g, 'YouTube'],
  [/\bIG\b/g, 'Instagram'],
  [/\bFB\b/g, 'Facebook'],
  // "job #", "final #s", "seal # vs BOL": the number.
  [/(?<=\w\s?)#s\b/g, ' numbers'],
  [/(?<=\w)\s?#(?=\s|$|[,;.)])/g, ' number'],
  // "within 4h", "spin 1 min", "12min": units in full.
  [/\b(\d+(?:\.\d+)?)\s?h\b/gi, (_: string, count: string) => `${count} hour${count === '1' ? '' : 's'}`],
  [/\b(\d+(?:\.\d+)?)\s?mins?\b/gi, (_: string, count: string) => `${count} minute${count === '1' ? '' : 's'}`],
];

/**
 * "IF BENCH MATS DRY -> SOAK THEM FIRST": a line written in capitals is read (and written back)
 * in lower case; the tagger cannot read shouting, and a step need not shout.
 */
function shoutedHeading(text: string): { title: string; rest: string } | null {
  const lines = text.split('\n');
  const at = lines.findIndex((line) => line.trim());
  const line = lines[at]?.trim() ?? '';
  const words = line.match(/[A-Za-z]{2,}/g) ?? [];
  const capitals = words.filter((word) => /^[A-Z]+$/.test(word)).length;
  // (Two or more words, the first ones in capitals; three lines of notes at least under it.)
  if (words.length < 2 || capitals < 2 || !/^[A-Z]{2,}$/.test(words[0]!) || capitals < words.length / 2 || lines.slice(at + 1).filter((rest) => rest.trim()).length < 3) return null;
  // ("PPE", "DND": a short word in capitals may be a name.)
  const title = line.replace(/\b[A-Z][A-Z']{3,}\b/g, (word) => word.toLowerCase());
  return { title: capitalise(title.replace(/[\s:;,–—-]+$/, '')), rest: lines.slice(at + 1).join('\n') };
}

function withoutShouting(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const letters = line.replace(/[^A-Za-z]/g, '');
      const words = line.match(/[A-Za-z]{2,}/g) ?? [];
      if (letters.length < 6 || words.length < 2 || letters.replace(/[^A-Z]/g, '').length < letters.length * 0.8) {
        // "new needles - OPEN IN FRONT OF CLIENT, not before": three words or more in capitals inside a line are emphasis too.
        return line.replace(/\b[A-Z]{2,}(?:\s+[A-Z]{2,}){2,}\b/g, (run) => run.toLowerCase());
      }
      return line.toLowerCase();
    })
    .join('\n');
}

function expandShorthand(text: string, notes = false): string {
  const common = shorthand.reduce((expanded, [pattern, replacement]) => expanded.replace(pattern, replacement as string), text);
  return notes ? noteShorthand.reduce((expanded, [pattern, replacement]) => expanded.replace(pattern, replacement as string), common) : common;
}

/** When nothing reads as an instruction, each sentence is a step: a draft to edit beats an empty one. */
function sentencesAsSteps(sentences: string[]): DraftStep[] {
  return sentences.map((sentence) => {
    const fitted = fitTitle(sentence.replace(/[.!?]+$/, ''), '');
    return { title: fitted.title, details: fitted.details, source: sentence };
  });
}

const howTo =
  /\b(?:how to|how (?:we|you|i|they)(?: usually| normally| always)?(?: do| handle| run)?|procedure for|process for|steps (?:to|for)|guide to|checklist for|instructions for)\s+([^.;:!?\n]{3,120})/i;
const speechStop = /\s+(?:so|okay|ok|alright|um|uh|then|first|and then|basically|right|now|you|we|i)\s.*$/i;

/** "How to X", "Procedure for X", "here's how we X" in the opening lines name the SOP. */
export function titleFromText(text: string): string | null {
  const opening = text.slice(0, 400);
  const named = howTo.exec(opening);
  if (!named) return null;
  let title = named[1]!.replace(speechStop, '').trim();
  if (title.length > MAX_TITLE) title = fitTitle(title, '').title;
  const words = title.split(/\s+/);
  // ("how I like it done", "how we want it": how the speaker likes the work, not what it is.)
  if (words.length < 1 || title.length < 3 || /^(?:like|likes|want|wants|prefer|think|reckon|it|them|that|this)\b/i.test(title)) return null;
  return capitalise(title.replace(/[\s,]+$/, ''));
}

/**
 * The offline structurer. Reads the layout (headings, list items with their sub-items,
 * paragraphs), then the language: clauses from an English part-of-speech tagger, each an
 * instruction, a condition or trigger of one, or a statement explaining one. Instructions
 * become imperative titles; conditions stay with their action; everything else becomes
 * details, or the SOP's context when it comes before the first step.
 */
export function structureText(text: string): DraftSop {
  const writer = new StepWriter();
  let title: string | null = null;
  const notes = isTerseNotes(text);
  // "COLD CHAIN DELIVERIES - driver notes" over notes: a first line in capitals is their title, not a step.
  const shouted = notes ? shoutedHeading(text) : null;
  if (shouted) {
    title = shouted.title;
    writer.titled = true;
  }
  const expanded = expandShorthand(withoutShouting(shouted?.rest ?? text), notes);
  const blocks = readBlocks(expanded, { lines: notes });
  // (Notes that number a few lines and not the rest are notes all the same.)
  const terse = notes && (firstItem(blocks) < 0 || blocks.some((block) => block.kind === 'paragraph' && block.note));
  const listStart = firstItem(blocks);
  // A bulleted list of notes ("- front door open, old cart out"), not a runbook's capitalised items.
  const items = blocks.filter((block) => block.kind === 'item');
  const notedItems = notes && items.filter((block) => /^[a-z]/.test(block.text)).length >= items.length * 0.6;
  blocks.forEach((block, index) => {
    if (block.kind === 'heading') {
      if (!title && writer.steps.length === 0) {
        title = capitalise(block.text);
        writer.opening = block.text;
        writer.titled = true;
      }
      else writer.setSection(block.text);
    }
    // "- test ammonia/nitrite; if ammonia >0.25 -> repeat": a bulleted line of notes reads as a line of notes.
    else if (block.kind === 'item' && notedItems && block.children.length === 0) writeNoteLine(writer, block.text);
    else if (block.kind === 'item') writeItem(writer, block, notedItems);
    // Running text above a list introduces it: who owns the list, when to start.
    else if (index < listStart) {
      // ("1st contact: log on APP → ref no." over bulleted notes: what a line of notes tells the reader to do is done first.)
      writePreamble(writer, block.text, notes);
    }
    // ("Thanks", "Dan", "Signed: ____": a sign-off or a form's blank is no step.)
    else if (signOff.test(block.text.trim()) || (index === blocks.length - 1 && /^[A-Z][a-z]+[.!]?$/.test(block.text.trim()) && !isBaseVerb(tagSentences(block.text)[0]?.[0]))) writer.context.push(asSentence(block.text));
    // "Note: kitchen units are checked by the contractor": a remark on the step before it, not a step.
    else if (remark.test(block.text)) {
      // ("WARNING: never step onto the track while karts are running": a warning that forbids or instructs is a step.)
      const [, label, said] = /^([^:–—-]+)[:!–—-]\s*(.*)$/s.exec(block.text.trim()) ?? [];
      const [sentence] = tagSentences(said ?? '');
      // ("WARNING: Never let solutions touch the skin. If the client reports stinging, stop and flush.": each sentence that instructs.)
      if (/^(?:warning|caution|important)$/i.test(label?.trim() ?? '') && sentence && (prohibition(sentence) || isImperative(sentence))) writeProse(writer, said!);
      else if (writer.last) writer.addDetail(writer.last, asSentence(block.text));
      else writer.context.push(asSentence(block.text));
    }
    else writeProse(writer, block.text, terse);
  });
  writer.add({ kind: 'statement', text: '' });
  const plain = (words: string) => words.replace(/;;/g, ';');
  if (writer.steps.length === 0) return { title: title ?? titleFromText(text), context: '', steps: sentencesAsSteps([writer.named, ...writer.context].filter((said): said is string => Boolean(said)).map(plain)) };
  return {
    title: title ?? writer.named ?? titleFromText(text),
    context: plain(writer.context.join(' ')),
    steps: (isUnpunctuatedSpeech(text) || isTypedTalk(text) ? withoutStrayWords(writer.steps) : writer.steps)
      .filter((step) => step.title.replace(/[^\p{L}\p{N}]/gu, '').length > 1)
      .slice(0, MAX_STEPS)
      .map((step) => ({ title: plain(step.title), details: plain(step.details), source: plain(step.source) })),
  };
}

/** Talk typed as heard: one long paragraph, almost all in lower case ("listen,", "unplug," are said in passing). */
const isTypedTalk = (text: string) => text.trim().split(/\s+/).length > 40 && !/\n/.test(text.trim()) && text.replace(/[^A-Z]/g, '').length * 40 < text.length;

/**
 * One bulleted line of notes. A short line jotted as several things to do ("power on, wifi = CORP-SETUP",
 * "6-digit passcode, Face ID on") is one step as jotted: editors keep it whole.
 */
function writeNoteLine(writer: StepWriter, line: string) {
  const before = writer.steps.length;
  writeProse(writer, line, true, true);
  if (writer.steps.length - before < 2 || line.trim().split(/\s+/).length > 8 || /;|->|→|=>|\?/.test(line)) return;
  const jotted = writer.steps.splice(before);
  writer.steps.push({
    title: jotted.map((step, at) => (at === 0 ? step.title : uncapitalise(step.title))).join(', '),
    details: jotted.map((step) => step.details).filter(Boolean).join(' '),
    source: jotted.map((step) => step.source).join(' '),
  });
}

/** "Scrape the tops clean" after "Tip out the excess": up to four words after up to six, neither a case nor a prohibition, nor after a check. */
function shortFollowOn(title: string, before: string): boolean {
  const words = (said: string) => said.split(/\s+/).length;
  return words(title) <= 4 && words(before) <= 6 && !/\b(?:if|unless|when|once)\b/i.test(`${title} ${before}`) && !/^(?:never|do not|don't)\b/i.test(title) && !checksFirst.test(before);
}

const checksFirst = /^(?:look|check|inspect|test|see|examine|read|verify|confirm)\b/i;

/** "Clamp it" after "Put it in the shaker", "Hang it up" after "Fill the hay net": a bare verb on what the step before was about. */
function sameThingAgain(title: string, before: string): boolean {
  const pronoun = /^\S+ (it|them)(?: (?:up|down|in|out|on|off|back|over))?$/i.exec(title)?.[1];
  return Boolean(pronoun) && before.split(/\s+/).length <= 10 && !/\b(?:if|unless)\b/i.test(before) && !checksFirst.test(before);
}

/** A transcript: a long run of words with no sentence punctuation or lines. */
const isUnpunctuatedSpeech = (text: string) => text.trim().split(/\s+/).length > 40 && !/[.!?;:\n]/.test(text.trim().replace(/[.!?]$/, ''));

/**
 * In a transcript a step of one word ("Say", "Weigh", "Card") is a piece of a clause the speaker
 * broke off, never a step an editor would write: its word goes to the details of the step before.
 */
function withoutStrayWords(steps: DraftStep[]): DraftStep[] {
  const kept: DraftStep[] = [];
  for (const step of steps) {
    const previous = kept[kept.length - 1];
    if (previous && step.title.trim().split(/\s+/).length === 1) {
      previous.details = [previous.details, asSentence(step.title), step.details].filter(Boolean).join(' ');
      previous.source = `${previous.source} ${step.source}`;
    } else kept.push(step);
  }
  return kept;
}

/** The instruction a short text gives (a screenshot's label, a caption), in the imperative; null if it gives none. */
export function instructionIn(text: string): string | null {
  const [sentence] = tagSentences(text);
  if (!sentence) return null;
  for (const clause of splitClauses(sentence)) {
    const reading = readClause(clause.tokens);
    if (reading.kind === 'action') return fitTitle(reading.title, '').title;
  }
  return null;
}
