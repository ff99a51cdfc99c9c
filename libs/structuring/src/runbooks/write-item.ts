// A numbered or bulleted item of a runbook written as steps, with its sub-items.
import { asSentence, capitalise, readClause, uncapitalise } from '../clauses/instruction';
import { splitClauses } from '../clauses/split-clauses';
import { commonActionVerbs, determiners } from '../language/lexicon';
import { isVerb, render, tagSentences, type Token } from '../language/tokens';
import type { Block } from '../layout/blocks';
import { caseCondition } from '../notes/case-labels';
import { joinAsList } from '../notes/listed-things';
import { thresholdLabel } from '../notes/note-clauses';
import type { DraftStep, Qualifier, StepWriter } from '../steps/step-writer';
import { MAX_TITLE } from '../steps/titles';
import { conditionalInstruction, isImperative, neverHave, prohibition, someoneDoes, writeItemSentence } from './item-sentence';
import { checkingVerb, stripMarker, subStepIn, verbOverThings } from './sub-item-reading';
import { writeSubItems } from './sub-items';

type ItemBlock = Extract<Block, { kind: 'item' }>;

/**
 * A list item is one step, or one per action when it lists several bare instructions
 * ("Pick the items, scan every SKU"): its first instruction sentence gives the title (a
 * short question or label before it, "First visit?", goes to the details), the rest of
 * the item and its sub-items the details.
 */
export function writeItem(writer: StepWriter, item: ItemBlock, notes = false) {
  const { text, nested = false, continuation = [], bold = false } = item;
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
  // ("1. **Desk reset**" over "a) faders down": a name in bold over its sub-items heads them, whatever they say.)
  // ("Last 10 minutes" names a time, whatever the tagger makes of "last".)
  const label = sentences.length === 1 ? asSentence(render(sentences[0]!).replace(/[\s:]+$/, '')) : '';
  const boldName = bold && nested && !continued && children.length > 0 && sentences.length === 1 && (/^(?:last|first|final|next)\b/i.test(text) || !splitClauses(sentences[0]!).some((clause) => readClause(clause.tokens).kind === 'action'));
  if (boldName) {
    writer.leadNext(label);
    writeSubItems(writer, children, subSteps, false);
    return;
  }
  const heading = sentences.length === 1 && (colon || (nested && namesSection(sentences[0]!, subSteps)));
  if (heading && !/^`[^`]+`$/.test(stripMarker(children[0] ?? '').trim()) && headsSubSteps(sentences[0]!, subSteps, colon ? 2 : 1)) {
    const named = caseCondition(sentences[0]!);
    if (named) writer.add(named, { forward: true });
    else writer.leadNext(label);
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
  for (const said of sentences.slice(titled + 1)) {
    // ("WARNING: Do not open early, even by a minute.": a warning that forbids or instructs is a step; its label is not.)
    const warned = /^(?:warning|caution|important)$/i.test(said[0]?.norm ?? '') && /[:!]/.test(said[0]!.post);
    const sentence = warned && said.length > 3 ? said.slice(1) : said;
    // ("Flood with iodine for 1 minute. Rinse.": a lone verb after the instruction finishes it.)
    const lone = sentence.filter((token) => /\p{L}/u.test(token.text));
    if (lone.length === 1 && commonActionVerbs.has(lone[0]!.norm) && `${writer.last!.title} and ${lone[0]!.norm}`.length <= MAX_TITLE && !/\b(?:if|unless)\b/i.test(writer.last!.title)) {
      writer.last!.title = `${writer.last!.title} and ${lone[0]!.norm}`;
      continue;
    }
    // ("Fill carboys to 80%. If it's at the line, swap to the spare.": what to do in another case is a step of its own.)
    const ownStep = !continued && (isImperative(sentence) || conditionalInstruction(sentence) || prohibition(sentence) || (!labelled && someoneDoes(sentence)));
    if (ownStep && writeItemSentence(writer, sentence, [])) continue;
    // (What never to have is forbidden as said: "Never have two sets of dentures out at once".)
    if (ownStep && neverHave.test(render(sentence))) writer.add({ kind: 'action', title: capitalise(render(sentence).replace(/[\s.!]+$/, '')), details: '', source: render(sentence) });
    else writer.addDetail(writer.last!, asSentence(render(said)));
  }
  // "Verify:" over "a) Uplinks up", "Unlock and check the room:" over "a) Booths set up with a pencil": what the
  // sub-items say is so is each a thing the step checks, a step of its own.
  const checking = writer.steps.length > before ? (colon ? checkingVerb(writer.last!.title) : verbOverThings(writer.last!.title, children)) : null;
  const parent = writer.last!;
  writer.checking = checking;
  // ("If it doesn't match:" over "a) Recount", "b) Check the entries": a condition among the sub-items heads those after it, a branch.)
  const branchAt = children.findIndex((child, index) => index < children.length - 1 && /:\s*$/.test(child.trim()) && Boolean(subSteps[index + 1]) && qualifierOnly(tagSentences(child)[0] ?? []) !== null);
  try {
    writeSubItems(writer, branchAt >= 0 ? children.slice(0, branchAt) : children, branchAt >= 0 ? subSteps.slice(0, branchAt) : subSteps, false);
  } finally {
    writer.checking = null;
  }
  if (branchAt >= 0) {
    writer.add(qualifierOnly(tagSentences(children[branchAt]!)[0]!)!, { forward: true });
    writeSubItems(writer, children.slice(branchAt + 1), subSteps.slice(branchAt + 1), true);
  }
  // ("Verify" alone over the checks it heads says nothing of its own.)
  // ("Look, don't touch" over them is how they are all done: the first check's details say so.)
  const alone = /^\S+(?:\s+\S+)?$/.test(parent.title) || /^\S+,?\s+(?:(?:but|and)\s+)?(?:don't|do not|never|only|carefully)\b(?:\s+\S+){0,2}$/i.test(parent.title);
  if (checking && alone && !parent.details && writer.last !== parent) {
    const at = writer.steps.indexOf(parent);
    const [removed] = writer.steps.splice(at, 1);
    const first = writer.steps[at]!;
    if (/\s\S+\s/.test(removed!.title)) first.details = [asSentence(removed!.title), first.details].filter(Boolean).join(' ');
  }
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

/** A list item that is only a condition or trigger ("If a gauge is in the red:", "When the alarm sounds"). */
function qualifierOnly(sentence: Token[]): Qualifier | null {
  const clauses = splitClauses(sentence);
  if (clauses.length !== 1) return null;
  const reading = readClause(clauses[0]!.tokens);
  return reading.kind === 'condition' || reading.kind === 'trigger' ? reading : null;
}

/** A short question or label that leads into an item's instruction: "First visit?", "Cardio machines first". */
const isLead = (sentence: Token[]) => sentence.length <= 6 && !sentence.some((token) => isVerb(token) && !token.tags.has('Auxiliary'));
