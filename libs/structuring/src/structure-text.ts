// The offline structurer: a description's layout read block by block into a draft SOP, and the instruction a short text gives.
import { asSentence, capitalise, readClause, uncapitalise } from './clauses/instruction';
import { splitClauses } from './clauses/split-clauses';
import { commonActionVerbs, remark } from './language/lexicon';
import { canBeVerb, isBaseVerb, tagSentences, type Token } from './language/tokens';
import { readBlocks } from './layout/blocks';
import { isTerseNotes, isTypedTalk, isUnpunctuatedSpeech, shoutedHeading, withoutShouting } from './layout/text-kinds';
import { withQuestionsAsChecks } from './notes/questions';
import { expandShorthand } from './notes/shorthand';
import { writeProse } from './prose/write-prose';
import { isImperative, prohibition } from './runbooks/item-sentence';
import { writeItem } from './runbooks/write-item';
import { StepWriter, withoutLeadingCase, type DraftSop, type DraftStep } from './steps/step-writer';
import { withAsidesClosed, withPiecesJoined, withStatementsAsDetails } from './steps/granularity';
import { fitTitle, MAX_TITLE } from './steps/titles';

const MAX_STEPS = 200;

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
  const talk = isUnpunctuatedSpeech(text) || isTypedTalk(text);
  if (writer.steps.length === 0) return { title: title ?? titleFromText(text), context: '', steps: sentencesAsSteps([writer.named, ...writer.context].filter((said): said is string => Boolean(said)).map(plain)) };
  return {
    title: title ?? writer.named ?? titleFromText(text),
    context: plain(writer.context.join(' ')),
    steps: withQuestionsAsChecks(withStatementsAsDetails(withPiecesJoined(expanded, withAsidesClosed((talk ? withoutStrayWords(writer.steps) : writer.steps)
      .filter((step) => step.title.replace(/[^\p{L}\p{N}]/gu, '').length > 1)), talk)))
      .slice(0, MAX_STEPS)
      .map((step) => ({ title: spacedUnits(plain(step.title)), details: plain(step.details), source: plain(step.source) })),
  };
}

/** "Discard all but 50g" → "50 g": a number and its metric unit are written apart, as style guides (and editors) write them. */
const spacedUnits = (title: string) => title.replace(/\b(\d+(?:[.,]\d+)?)(mg|g|kg|ml|mL|cl|mm|cm|km|kW|kPa|ppm)\b/g, '$1 $2');

/** "Thanks!", "Cheers, Dan", "Duty supervisor: ____" (and a name alone on the last line). */
const signOff = /^(?:(?:thanks|thank you|many thanks|cheers|regards|best wishes|that'?s (?:it|all))\b.{0,20}|.*_{3,}.*)$/i;

const firstItem = (blocks: ReturnType<typeof readBlocks>) => blocks.findIndex((block) => block.kind === 'item');

/**
 * Running text above a list introduces it (who owns the list, when to start), but what it tells
 * the reader to do first is done first: "Wear gloves and goggles when mixing. Keep dogs out of the race."
 */
function writePreamble(writer: StepWriter, text: string, terse = false) {
  // ("Applies to: Block A and Block B.", "Owner: Production"): what the procedure covers, who owns it, is context, whatever its words.
  const scoped = scopeLabel.exec(text);
  if (scoped) {
    writer.context.push(asSentence(scoped[0].trim()));
    // (What follows it, when it tells no one to do anything, stays as written: "Done on the first Tuesday of the month.")
    const rest = text.slice(scoped[0].length).trim();
    const instructs = (sentence: Token[]) => !sentence[0]?.tags.has('PastTense') && !sentence[0]?.tags.has('Participle') && sentence[0]?.norm !== 'done' && (isImperative(sentence) || prohibition(sentence));
    if (rest && tagSentences(rest).some(instructs)) writePreamble(writer, rest, terse);
    else if (rest) writer.context.push(rest);
    return;
  }
  const before = writer.steps.length;
  const lead = writer.lead;
  const contextAt = writer.context.length;
  writeProse(writer, text, terse);
  // ("Appointment: 60 min.": a label over what the preamble says stays with it, in the context; it leads into no step.)
  const label = writer.steps.length === before ? writer.takeLead(lead) : '';
  if (label && writer.context.length > contextAt) writer.context[contextAt] = `${label.replace(/\.$/, ':')} ${writer.context[contextAt]}`;
  else if (label) writer.context.push(label);
  const added = writer.steps.splice(before);
  for (const step of added) {
    const [said] = tagSentences(step.source);
    // ("Keep dogs out of the race": any instruction in the imperative, not only those isImperative takes for steps in a list;
    // "Do these in order", "Use form CI-3", "Note:" say how to go about the list.)
    // ("Vinegar does not neutralise lye – flush with water for 15 min": or opening a clause of its own after a dash or a colon.)
    // ("If not, fit the side sheets", "For glass, use the blue cloth": the case the step writer put first is not its verb.)
    const verb = withoutLeadingCase(step.title).split(/\s+/)[0]!.toLowerCase();
    const at = said ? said.findIndex((token, index) => token.norm.replace(/^don't$/, 'do') === verb && (index === 0 || /[–—:;-]/.test(said[index - 1]!.text + said[index - 1]!.post + token.pre))) : -1;
    const opened = said && at >= 0 ? said.slice(at) : null;
    // ("Waste goes wrong here more than anything else": a word that could be a verb, as the subject of the verb after it, says how things are.)
    const subject = opened && !isBaseVerb(opened[0]) && Boolean(opened[1] && (opened[1].tags.has('Copula') || (opened[1].tags.has('PresentTense') && !isBaseVerb(opened[1]))));
    const instructs = (opened && !subject && /\s/.test(step.title) && (prohibition(opened) || ((isBaseVerb(opened[0]) || commonActionVerbs.has(opened[0]!.norm) || canBeVerb(opened[0]!.norm)) && !['do', 'use', 'note', 'see', 'read'].includes(opened[0]!.norm)))) || wearsKit(step.title) || /^No\s/.test(step.title);
    // ("Complete before leaving the depot", "Please follow this": about the list itself, not a step.)
    if (!instructs || aboutTheList.test(step.title)) writer.context.push(asSentence([step.title, step.details].filter(Boolean).join('. ')));
    else writer.steps.push(step);
  }
}

/** A scope label and its first sentence: "Applies to: Block A and Block B." */
const scopeLabel = /^(?:applies to|scope|owner|owned by|frequency|audience|purpose|responsible|done by|who|when|where)\s*:[^.!?\n]*[.!?]?/i;

/** "Wear goggles, nitrile gloves, long sleeves": a step that puts on kit. */
const wearsKit = (title: string) => /^Wear\s/.test(title);

const aboutTheList = /^(?:complete|follow|read|use|print|keep|tick|sign)\b(?!.*\b(?:gloves|goggles|ppe|boots)\b)(?:\s+(?:this|these|it|them|the (?:list|checklist|steps|procedure|form|sheet)))?(?:\s+(?:before|after|when|at|on|every|each|for|so|in)\b.*)?$|\b(?:this|these) (?:list|checklist|steps|procedure|sop|runbook|guide)\b/i;

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
  // ("Chemical waste – how to dispose of it": the thing a heading names before "how to" is what "it" is.)
  const topic = /(?:^|\n)\s*([A-Za-z][\w ]{2,40}?)\s*[–—:-]\s*$/.exec(opening.slice(0, named.index))?.[1];
  if (topic) title = title.replace(/\b(?:it|them)\b/, uncapitalise(topic));
  if (title.length > MAX_TITLE) title = fitTitle(title, '').title;
  const words = title.split(/\s+/);
  // ("how I like it done", "how we want it": how the speaker likes the work, not what it is.)
  if (words.length < 1 || title.length < 3 || /^(?:like|likes|want|wants|prefer|think|reckon|it|them|that|this)\b/i.test(title)) return null;
  return capitalise(title.replace(/[\s,]+$/, ''));
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
