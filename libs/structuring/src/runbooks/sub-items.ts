// An item's sub-items written: steps of their own, checks, notes as jotted, or details.
import { asSentence, capitalise, uncapitalise } from '../clauses/instruction';
import { splitClauses } from '../clauses/split-clauses';
import { determiners, remark } from '../language/lexicon';
import { canBeVerb, isNoun, isVerb, render, tagSentences, type Token } from '../language/tokens';
import { namedThings } from '../notes/listed-things';
import { isExplanation, readNoteClause } from '../notes/note-clauses';
import { respellNote, thingToPlace } from '../notes/respell-note';
import { objectOf } from '../prose/pronouns';
import { writeProse } from '../prose/write-prose';
import type { DraftStep, StepWriter } from '../steps/step-writer';
import { conditionalInstruction, isImperative, prohibition, writeItemSentence } from './item-sentence';
import { askedThenArrow, checkingVerb, questionLead, saysHowThingIs, stripMarker } from './sub-item-reading';

/** Verbs that open an instruction even where a checklist's nouns are expected: "Tick yes/no on the ticket", "Ring the office". */
const recordsOrTells = new Set(['tick', 'sign', 'initial', 'circle', 'record', 'write', 'photograph', 'email', 'ring', 'tell', 'ask', 'explain', 'report']);

/**
 * Sub-items: each instruction among them is a step of its own ("Walk the route:" over "- Check
 * each gauge"); the others explain the step before them. Under a branch every sub-item is read.
 */
export function writeSubItems(writer: StepWriter, children: string[], subSteps: (Token[] | null)[], branch: boolean) {
  // "Check the wind reading" over "- Under 50 km/h: carry on": the ranges are of what the step reads.
  writer.measured = !branch && writer.last ? objectOf(writer.last.title) : null;
  try {
    writeEachSubItem(writer, children, subSteps, branch);
  } finally {
    writer.measured = null;
  }
}

/** "Inside: go to step 4", "If not, skip to step 6": a sub-item that only routes the reader to another step. */
const routing = /^(?:[^:.]{1,40}[:,?]\s*|if\s[^,]{1,40},\s*)?(?:then\s+)?(?:go|skip|jump|return|continue|proceed|move on)\s+(?:back\s+|straight\s+)?(?:to|at|with)\s+step\s+\d+[.]?$/i;

function writeEachSubItem(writer: StepWriter, children: string[], subSteps: (Token[] | null)[], branch: boolean) {
  // A list of things under an instruction ("Check the levels:" over "- oil", "- coolant") is its details.
  // "a) If it failed twice, open a ticket. b) Otherwise rerun it.": a decision stays whole in the details.
  const before = writer.steps.length;
  const decision = children.some((child) => /^(?:otherwise|else|if not)\b/i.test(stripMarker(child)));
  const asSteps = branch || (!decision && subSteps.filter(Boolean).length >= Math.max(1, children.length / 2));
  children.forEach((child, index) => {
    const sentence = subSteps[index];
    // ("- Inside: go to step 4": where to go on says which step is next, it is none; it is the step's details.)
    if (writer.last && routing.test(stripMarker(child).trim())) {
      writer.addDetail(writer.last, asSentence(stripMarker(child).trim()));
      return;
    }
    const question = questionLead(child);
    // (Among sub-items that mostly explain, one that opens with its verb is still a step of its own.)
    const leading = question ? [question] : [];
    // ("- DO NOT plug the uplinks into other ports", "c) If anything fails: roll back": a prohibition, or what to do in a case, is a step too.)
    // ("a) Recount.": a verb alone, among steps, is one; the clause reader wants more words to be sure of a rare verb.)
    const lone = sentence?.filter((token) => /\p{L}/u.test(token.text));
    if (asSteps && lone?.length === 1 && sentence!.length === 1 && !question) {
      writer.add({ kind: 'action', title: capitalise(lone[0]!.norm), details: '', source: child });
      return;
    }
    if ((asSteps || (sentence && !decision && (isImperative(sentence) || prohibition(sentence) || conditionalInstruction(sentence)))) && sentence && writeItemSentence(writer, sentence, leading)) {
      if (leading.length > 0) writer.last!.details = [...leading, writer.last!.details].filter(Boolean).join(' ');
      // "If it fails: roll back and stop. Page the on-call engineer.": a later bare instruction in a sub-item is a step too.
      for (const rest of tagSentences(askedThenArrow(child)).slice(question ? 2 : 1)) if (!((isImperative(rest) || prohibition(rest)) && writeItemSentence(writer, rest, []))) writer.addDetail(writer.last!, asSentence(render(rest)));
      return;
    }

    // ("Inspect each item:" over "a) The battery must be installed in the device": how a thing must be is checked.)
    const rule = writer.checking && !decision ? mustBeRule(stripMarker(child)) : null;
    if (rule) {
      writer.add({ kind: 'action', title: `${writer.checking} ${rule}`, details: '', source: child });
      return;
    }
    // ("Look, don't touch:" over "- RMU SF6 gauge in green?": a thing asked after is checked too.)
    if (writer.checking && !decision && (saysHowThingIs(child) || askedThing(child))) {
      const said = stripMarker(child).replace(/^then\s+/i, '').replace(/[\s.;,?]+$/, '');
      // ("Spot-check a phone and a PC": a verb the tagger missed, before its object, is the instruction.)
      // ("Tick yes/no for the pressure test": or a verb of recording or telling, whatever follows it.)
      const verb = /^(?:[a-z]+-)?([a-z]+)\s+(?:a|an|the|each|every|all|any|your)\s/i.exec(said)?.[1];
      const first = /^[a-z]+(?=\s)/i.exec(said)?.[0]?.toLowerCase() ?? '';
      const instructs = Boolean(verb && canBeVerb(verb.toLowerCase())) || recordsOrTells.has(first);
      writer.add({ kind: 'action', title: instructs ? capitalise(said) : `${writer.checking} ${uncapitalise(said)}`, details: '', source: child });
      return;
    }
    // "Halogenated solvents → green carboy", "torch on the hook by the rail": a sub-item jotted as a note reads as one.
    const jotted = stripMarker(child);
    if (!decision && ((arrowNote.test(jotted) && arrowLeadsSomewhere(jotted)) || jottedNote(jotted))) {
      // (Read as notes it may give no step; then nothing it wrote stays, and the sub-item is read below.)
      const mark = writer.mark();
      writeProse(writer, jotted, true, true);
      if (writer.steps.length > mark.steps) return;
      writer.restore(mark);
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
  return Boolean(sentence && sentence.length >= 3) && !/^[^,]{1,30}:\s/.test(jotted) && !namedThings(sentence!) && !namesOneThing(sentence!) && !(parent && checkingVerb(parent.title));
}

/** "their team's group (ask the manager if unsure)", "the shared drive folder": a thing named whole, with nothing said of how it must be. */
function namesOneThing(sentence: Token[]): boolean {
  const aside = sentence.findIndex((token, at) => at > 0 && `${sentence[at - 1]!.post}${token.pre}`.includes('('));
  const named = aside < 0 ? sentence : sentence.slice(0, aside);
  return (
    (determiners.has(named[0]!.norm) || named[0]!.tags.has('Possessive')) &&
    named.every((token, at) => (at === named.length - 1 || !/[,;:]/.test(token.post)) && !isVerb(token) && !token.tags.has('Preposition') && (isNoun(token) || token.tags.has('Adjective') || token.tags.has('Possessive') || determiners.has(token.norm)))
  );
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

/** "RMU SF6 gauge in green?": a short question that names a thing and how it should be. */
function askedThing(child: string): boolean {
  const said = stripMarker(child).trim();
  const [sentence, more] = tagSentences(said);
  return /^[^?]+\?$/.test(said) && !more && Boolean(sentence && sentence.length >= 2 && sentence.length <= 10) && !/^(?:is|are|does|do|has|have|any|did|was|were|can|will|who|what|which|where|when|how|why|no|not|ok|okay)\b/i.test(said);
}

/** "The battery must be installed in the device" → "the battery is installed in the device": how a thing must be, said as a fact to check; null otherwise. */
function mustBeRule(said: string): string | null {
  const match = /^((?:the|a|an|each|every|all|any|both)\s+[^,;:]{1,50}?)\s+(?:must|should|has to|have to|needs to|need to)\s+(be|have)\s+([^.;]+?)[.;]?$/i.exec(said.trim());
  if (!match) return null;
  const subject = match[1]!.replace(/^\p{Lu}/u, (first) => first.toLowerCase());
  const plural = /^(?:all|both)\b/i.test(subject) || (/[^s]s$/i.test(subject) && !/^(?:each|every|a|an)\b/i.test(subject));
  const verb = match[2]!.toLowerCase() === 'be' ? (plural ? 'are' : 'is') : plural ? 'have' : 'has';
  return `${subject} ${verb} ${match[3]}`;
}
