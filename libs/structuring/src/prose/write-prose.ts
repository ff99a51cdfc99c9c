// Running text written as steps: each sentence's clauses read in turn.
import { asSentence, capitalise, readClause } from '../clauses/instruction';
import { splitClauses } from '../clauses/split-clauses';
import { commonActionVerbs, determiners } from '../language/lexicon';
import { isVerb, render, tagSentences, type Token } from '../language/tokens';
import type { Clause } from '../clauses/clause';
import { namesProcedure } from '../layout/blocks';
import { carryThingForward } from '../notes/note-clauses';
import type { StepWriter } from '../steps/step-writer';
import { continuesCase, firstReading, namesTalk, fragmentAsStep, leadsByLabel, leadsIntoNext, leadsOf, listAfterColon, placedThing, respelledInTalk, statementRead, writesCaseOfNext } from './clause-readings';
import type { ClauseAt, ProseSentence, SaidSoFar } from './prose-sentence';
import { endsStepBefore, joinsStepBefore, resolvedTitle, writeReading } from './write-reading';

/** Running text: every clause is read; instructions become steps, the rest explains them. */
export function writeProse(writer: StepWriter, text: string, terse = false, listed = false) {
  const sentences = tagSentences(text);
  // The first line of notes that gives no instruction names them ("payroll - biweekly, due Tue"): context, not steps.
  // (A bulleted line is an item of the list, never its name.)
  // (Not when the notes have a title line already: then the first line is a note like the others.)
  if (terse && !listed && writer.steps.length === 0 && writer.context.length === 0 && !writer.named && !writer.titled && writesNotesName(writer, text, sentences, terse)) return;
  for (const [at, sentence] of sentences.entries()) {
    // ("Handling a complaint at the front desk. Listen to…": a first sentence that only names the work, "-ing" and all, names the SOP.)
    if (!terse && !listed && at === 0 && sentences.length > 1 && writer.steps.length === 0 && writer.context.length === 0 && !writer.named && !writer.titled && namesWork(sentence) && sentence.length <= 10) {
      writer.named = capitalise(render(sentence).replace(/[\s.!]+$/, ''));
      continue;
    }
    const clauses = terse ? carryThingForward(splitClauses(sentence, { terse })) : splitClauses(sentence, { terse });
    // ("LaunchDarkly → checkout_v2 → prod env", "Co-op car park → leisure centre → Station Rd": a path of names is one step, as jotted.)
    if (terse && namesPath(clauses)) {
      writer.add({ kind: 'action', title: capitalise(render(sentence).replace(/\s*;;\s*/g, ' → ').replace(/\s+/g, ' ').replace(/[\s.,;:]+$/, '')), details: '', source: render(sentence) });
      continue;
    }
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

/** "payroll - biweekly, due Tue": whether the first line of notes only names them; if so it is written as their name or context. */
function writesNotesName(writer: StepWriter, text: string, sentences: Token[][], terse: boolean): boolean {
  const clauses = sentences.flatMap((sentence) => splitClauses(sentence, { terse }));
  const gives = clauses.some((clause, at) => readClause(clause.tokens).kind === 'action' && !(at === 0 && namesWork(clause.tokens)));
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

/** "opening the pool", "Handling a complaint at the front desk": the work named with its "-ing" word, and no verb of its own. */
const namesWork = (tokens: Token[]) => /^[a-z]{3,}ing$/.test(tokens[0]?.norm ?? '') && !['making', 'getting', 'having'].includes(tokens[0]!.norm) && !tokens.slice(1).some((token) => isVerb(token) && !token.tags.has('Gerund'));

/** One clause: a step of its own, the condition or lead-in of the next, or more of the step before. */
function writeClause(prose: ProseSentence, soFar: SaidSoFar, position: ClauseAt) {
  if (namesTalk(prose, soFar, position)) return;
  let reading = firstReading(prose, position);
  if (writesCaseOfNext(prose, soFar, position, reading)) return;
  const placed = placedThing(prose, soFar, position, reading);
  if (placed) reading = placed;
  reading = respelledInTalk(prose, soFar, position, reading);
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
  if (endsStepBefore(prose, soFar, position, reading) || continuesCase(prose, soFar, position, reading)) return;
  writeReading(prose, soFar, position, leads.forward, reading);
}

/** Three or more names of a word or three, each after an arrow but the first: a path or a route, with nothing to do in it. */
function namesPath(clauses: Clause[]): boolean {
  const path = clauses.slice(clauses[1]?.joint === ':' ? 1 : 0);
  // (The tagger reads some names as verbs, "prod env"; a word procedures open with, "wait 1 hr", is something to do.)
  return path.length >= 3 && path.slice(1).every((clause) => clause.joint === '>') && path.every((clause) => clause.tokens.length <= 4 && !commonActionVerbs.has(clause.tokens[0]!.norm) && !clause.tokens.some((token) => determiners.has(token.norm) || token.tags.has('Pronoun') || token.tags.has('Value')));
}
