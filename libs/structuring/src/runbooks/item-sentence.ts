// One sentence of a list item: what kind it is (imperative, prohibition, conditional), and the steps it gives.
import { actorVerbAt, statementStartsAt } from '../clauses/actors';
import type { Clause } from '../clauses/clause';
import { dropFillers } from '../clauses/fillers';
import { asSentence, capitalise, readClause, uncapitalise, type Reading } from '../clauses/instruction';
import { splitClauses } from '../clauses/split-clauses';
import { isRole } from '../clauses/words';
import { commonActionVerbs, conditionStarts, determiners, isRemarkLabel } from '../language/lexicon';
import { isBaseVerb, isNoun, isNounWord, render, unknownVerbBeforeObject, type Token } from '../language/tokens';
import { caseCondition, isOutcome } from '../notes/case-labels';
import { readNoteClause, thingFound, thingLabel } from '../notes/note-clauses';
import { respellNote } from '../notes/respell-note';
import type { Qualifier, StepWriter } from '../steps/step-writer';

/** Writes the steps one sentence of an item gives; false when it gives no instruction. */
export function writeItemSentence(writer: StepWriter, sentence: Token[], leading: string[], notes = false, headline = false): boolean {
  const clauses = withWhatIsSaid(splitClauses(sentence, { terse: notes }));
  // ("FAIL: attach the tag": an outcome before a colon is no one-word instruction.)
  const readings = clauses.map((clause, index) => (isOutcome(clause.tokens) && labelledCase(clauses, index)) || (namesStep(clauses, index) ? { kind: 'statement' as const, text: render(clause.tokens) } : readNoteClause(clause, notes)));
  // ("Fairy lights on by 11:00 and check every string works": a thing and how it is left, joined by "and" to an instruction, is one too.)
  // (The item's capital is no part of the thing's name: "Turn fairy lights on".)
  const respelledAt = new Set<number>();
  readings.forEach((reading, index) => {
    const tokens = clauses[index]!.tokens;
    const lowered = tokens.map((token, at) => (at === 0 && /^[A-Z][a-z]/.test(token.text) && !token.tags.has('ProperNoun') ? { ...token, text: token.text.toLowerCase() } : token));
    const respelled = reading.kind === 'statement' && clauses[index + 1]?.conjoined && readings[index + 1]?.kind === 'action' ? respellNote(lowered) : null;
    if (!respelled) return;
    readings[index] = { kind: 'action', title: respelled, details: '', source: render(tokens) };
    respelledAt.add(index);
  });
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
  // ("If yes, tell them to call 999 and flag the job": a case said first governs every action after it; cut apart, the second would lose it.)
  const governing = readings.slice(0, actionAt).filter((reading) => reading.kind === 'condition');
  const separate =
    !joinedByAnd &&
    rest.length >= 2 &&
    rest.filter((_, index) => readings[actionAt + index]!.kind === 'action').length >= 2 &&
    rest.every((clause, index) => leadsInto(index) || (readings[actionAt + index]!.kind === 'action' && ownStep(clause, index)));
  if (separate) {
    rest.forEach((_, index) => {
      // ("If yes, tell them to call 999 and flag the job": the case said first governs every action after it.)
      if (index > 0 && readings[actionAt + index]!.kind === 'action' && !leadsInto(index - 1)) governing.forEach((condition) => writer.add(condition, { forward: true }));
      writer.add(readings[actionAt + index]!, { forward: leadsInto(index) });
    });
    return true;
  }
  // ("Pack so it cannot move: void fill all round, and tape over the buttons": a later bare instruction is a step of its own;
  // what is said between stays with the instruction before it.)
  const opensWithVerb = (clause: Clause, reading: Reading) => reading.kind === 'action' && reading.title.split(/\s+/)[0]!.toLowerCase() === clause.tokens[0]!.norm;
  // (A remark, not someone else doing something: "ski patrol take the first ride up, and radio the all-clear" is theirs, one step.)
  const remark = (clause: Clause, reading: Reading) => reading.kind === 'statement' && !conditionStarts.has(clause.tokens[0]!.norm) && !['if', 'unless', 'otherwise', 'else', 'when'].includes(clause.tokens[0]!.norm) && actorVerbAt(clause.tokens, 0) === null;
  const later = notes || headline || rest[0]!.tokens.length < 3 || actorVerbAt(rest[0]!.tokens, 0) !== null ? -1 : rest.findIndex((clause, index) => index > 1 && Boolean(clause.conjoined) && opensWithVerb(clause, readings[actionAt + index]!) && rest.slice(1, index).every((between, at) => remark(between, readings[actionAt + 1 + at]!)));
  if (later > 0) {
    const cutAt = sentence.indexOf(rest[later]!.tokens[0]!);
    const from = sentence.indexOf(clauses[actionAt]!.tokens[0]!);
    let end = cutAt;
    while (end > from && ['and', 'or', 'but', 'then'].includes(sentence[end - 1]!.norm)) end--;
    const first = from >= 0 && end > from ? readClause(dropFillers(sentence.slice(from, end))) : null;
    if (first?.kind === 'action') {
      writer.add({ ...first, title: first.title.replace(/[\s,;:–—-]+$/, '') });
      return writeItemSentence(writer, sentence.slice(cutAt), [], notes) || true;
    }
  }
  const from = sentence.indexOf(clauses[actionAt]!.tokens[0]!);
  // ("Rebuild the old primary later; this can wait until the next business day": a remark after a semicolon explains the step.)
  const remarkAt = rest.findIndex((clause, index) => index > 0 && clause.joint === ';' && readings[actionAt + index]!.kind === 'statement' && statementStartsAt(clause.tokens, 0));
  const remarkFrom = remarkAt > 0 ? sentence.indexOf(rest[remarkAt]!.tokens[0]!) : -1;
  const beforeRemark = from >= 0 && remarkFrom > from ? readClause(dropFillers(sentence.slice(from, remarkFrom))) : null;
  if (beforeRemark?.kind === 'action') {
    writer.add({ ...beforeRemark, title: beforeRemark.title.replace(/[\s,;:–—-]+$/, ''), details: [beforeRemark.details, asSentence(capitalise(render(sentence.slice(remarkFrom))))].filter(Boolean).join(' ') });
    return true;
  }
  const whole = readClause(from >= 0 ? dropFillers(sentence.slice(from)) : joined(rest));
  // "glasses washed / racked": a note said as an instruction ("Wash and rack glasses") is read from its own words.
  if (whole.kind === 'action') writer.add(whole);
  // ("Fairy lights on by 11:00 and check every string works": the jotted action and the one joined to it are one step, as written.)
  else if (respelledAt.has(actionAt) && rest.length === 2 && readings[actionAt + 1]!.kind === 'action') {
    const second = readings[actionAt + 1] as Extract<Reading, { kind: 'action' }>;
    const first = readings[actionAt] as Extract<Reading, { kind: 'action' }>;
    writer.add({ ...first, title: `${first.title} and ${uncapitalise(second.title)}`, details: second.details, source: `${first.source} ${second.source}` });
  } else {
    // ("Empty run: run the lift": read whole it says nothing to do, but the item is a step; never another step's details.)
    writer.add(readings[actionAt]!);
    const after = render(joined(rest.slice(1))).trim();
    if (after && writer.last) writer.addDetail(writer.last, asSentence(after));
  }
  return true;
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

/** The case a clause names when a colon or an arrow leads from it into the next ("PASS: sign CI-3"), or null. */
export function labelledCase(clauses: Clause[], index: number, measured?: string | null): Qualifier | null {
  const next = clauses[index + 1];
  if (!next || (next.joint !== ':' && next.joint !== '>')) return null;
  // ("smell of burning / smoke → DON'T enter": a thing found, then a halt or a call, is a case too.)
  const named = caseCondition(clauses[index]!.tokens, measured);
  if (named || next.joint !== '>') return named;
  const following = readNoteClause(next, true);
  return thingFound(clauses[index]!.tokens, next, following) ?? kindOfThing(clauses[index]!.tokens, following);
}

/** ("Automatic or mechanical watches → book in for the workshop": a kind of thing, then what to do with it, is what the step is for.) */
function kindOfThing(label: Token[], next: Reading): Qualifier | null {
  const words = label.filter((token) => /\p{L}/u.test(token.text));
  const last = words[words.length - 1];
  if (next.kind !== 'action' || words.length < 2 || words.length > 6 || !last?.tags.has('Plural') || !isNoun(last)) return null;
  if (/\?/.test(render(label)) || !(isNoun(words[0]) || words[0]!.tags.has('Adjective'))) return null;
  if (words.some((token) => token.tags.has('Verb') || token.tags.has('Pronoun') || token.tags.has('Preposition') || determiners.has(token.norm))) return null;
  return { kind: 'condition', text: `for ${uncapitalise(render(label).replace(/[\s;,:]+$/, ''))}` };
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

/** "If it's at the line, swap to the spare": a condition, then an instruction. */
export function conditionalInstruction(sentence: Token[]): boolean {
  if (!conditionStarts.has(sentence[0]?.norm ?? '')) return false;
  const readings = splitClauses(sentence).map((clause) => readClause(clause.tokens));
  // (One condition and one instruction; a comma inside the condition means it was not cut where it ends.)
  // ("If there are any, ask the site manager to isolate that zone and note the zone number": one or more instructions.)
  // ("If it doesn't, get a new pot and label it before going on.": a time after the instructions is theirs.)
  const said = readings.slice(1);
  return readings.length >= 2 && readings[0]!.kind === 'condition' && !/,\s*\S/.test(readings[0]!.text) && said[0]!.kind === 'action' && said.every((reading, index) => reading.kind === 'action' || (index > 0 && reading.kind === 'trigger'));
}

/** A sentence that gives an instruction in the imperative: it opens with a bare verb, not a caution or an aside. */
export function isImperative(sentence: Token[]): boolean {
  const first = sentence[0];
  if (!first || sentence.length < 3 || !(isBaseVerb(first) || commonActionVerbs.has(first.norm) || unknownVerbBeforeObject(first, sentence[1], sentence[2])) || saysHow(sentence)) return false;
  const reading = readClause(splitClauses(sentence)[0]?.tokens ?? []);
  return reading.kind === 'action' && !/^(?:never|do not)\b/i.test(reading.title);
}
/** "The operative keeps the top copy at the work area.": a role named, then what they do. */
export const someoneDoes = (sentence: Token[]) => {
  const at = sentence[0]?.norm === 'the' ? 1 : 0;
  return Boolean(sentence[at] && isRole(sentence[at]!)) && actorVerbAt(sentence, 0) !== null && readClause(splitClauses(sentence)[0]?.tokens ?? []).kind === 'action';
};

/** "Don't argue.", "Never throw them off the roof.": a sentence that is a prohibition from its first word. */
export const prohibition = (sentence: Token[]) =>
  sentence.length >= 3 && /^(?:do not|don't|dont|never)\b/i.test(render(sentence)) && (readClause(splitClauses(sentence)[0]?.tokens ?? []).kind === 'action' || neverHave.test(render(sentence)));

/** ("Never have two sets of dentures out at once": what never to have, or leave, is forbidden, whatever "have" says elsewhere.) */
export const neverHave = /^(?:do not|don't|dont|never)\s+(?:have|leave|let)\s+\S/i;

// "Use the template": how to do the step just given, not another step.
const stateWords = new Set(['be', 'have', 'do', 'let', 'see', 'note', 'remember', 'expect', 'allow', 'keep', 'use', 'try']);

/**
 * A sentence that opens with one of those words says how, not what to do; but "Note the
 * meter reading", "Note any damage on the form", "Note down the reading", "Note on the file
 * who you spoke to" record something: an instruction.
 */
export function saysHow(sentence: Token[]): boolean {
  const [first, second, third] = sentence;
  if (!first || !stateWords.has(first.norm)) return false;
  return !(first.norm === 'note' && !/[:–—-]/.test(first.post) && second !== undefined && recordsSomething(second, third));
}

function recordsSomething(second: Token, third: Token | undefined): boolean {
  if (second.norm === 'down') return third !== undefined;
  // Where it is written: "on the file", "in the log".
  if (['on', 'in', 'onto', 'into'].includes(second.norm)) return third !== undefined && determiners.has(third.norm);
  return !['that', 'how', 'what', 'which', 'if', 'whether', 'this', 'it'].includes(second.norm) && (determiners.has(second.norm) || second.tags.has('Adjective') || isNoun(second));
}
