// What one clause of running text reads as (an instruction, a rule, kit to wear, a step as jotted), and how it leads into the step after it.
import { actorVerbAt } from '../clauses/actors';
import type { Clause } from '../clauses/clause';
import { asSentence, capitalise, onlyMoves, readClause, uncapitalise, type Reading } from '../clauses/instruction';
import { listOfThingsFrom } from '../clauses/note-segments';
import { genericDoers } from '../clauses/words';
import { commonActionVerbs, determiners } from '../language/lexicon';
import { isBaseVerb, isNoun, isNounWord, isVerb, render, type Token } from '../language/tokens';
import { caseCondition, isState } from '../notes/case-labels';
import { checkOverList, kitListed, thingsListedAfter } from '../notes/listed-things';
import { cannotDo, elseBranch, equatedAction, happens, thingFound, isExplanation, readNoteClause, thingLabel, thresholdLabel } from '../notes/note-clauses';
import { respellNote, thingToPlace } from '../notes/respell-note';
import { MAX_TITLE } from '../steps/titles';
import type { ClauseAt, LeadIns, ProseSentence, SaidSoFar } from './prose-sentence';

/** The clause as read, with what "=" and "else" say in notes; a case before "=" is written first. */
export function firstReading(prose: ProseSentence, position: ClauseAt): Reading {
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

/**
 * "right so release day um basically first you…", "opening the kitchen in the morning what you do is…",
 * "we do the reset for tomorrow first thing is…": in talk, what the talk is about, said before
 * its first step is announced, names it; whether the clause was written so.
 */
export function namesTalk(prose: ProseSentence, soFar: SaidSoFar, position: ClauseAt): boolean {
  const { writer, terse } = prose;
  const { clause, index, following } = position;
  if (terse || index !== 0 || !soFar.isFirstLine || !following || clause.tokens.length > 8) return false;
  const opener = clause.tokens.findIndex((token) => !talkOpeners.has(token.norm));
  const tokens = clause.tokens.slice(Math.max(0, opener));
  const said = render(tokens).replace(/[\s.,;:!?]+$/, '');
  const topic = talkTopic(tokens);
  // ("so changing a tyre on the van um you want to…": the work named with its "-ing" word, then someone at it, names the talk too.)
  const namedThenDone = topic === 'name' && Boolean(tokens[0]?.tags.has('Gerund')) && ['you', 'we', 'i'].includes(following.tokens[0]?.norm ?? '');
  if (!following.opensSteps && !namedThenDone) return false;
  if (topic === 'name' && !writer.named) writer.named = capitalise(said);
  else if (topic) writer.context.push(asSentence(said));
  return topic !== null;
}

/** Words a speaker starts talking with. */
const talkOpeners = new Set(['so', 'okay', 'ok', 'right', 'alright', 'well', 'now']);

/** "opening the kitchen", "release day", "intake at the front desk": a name for the work; "we do the reset": the work said as done; null if neither. */
function talkTopic(tokens: Token[]): 'name' | 'done' | null {
  const [first, second] = tokens;
  if (!first || !second) return null;
  // (Not "making sure…", which instructs.)
  if ((first.tags.has('Gerund') || (/ing$/.test(first.norm) && !isNoun(first))) && !['making', 'getting', 'having'].includes(first.norm) && !tokens.slice(1).some(isVerb)) return 'name';
  // (A noun and the noun or place after it, with no verb of the work's: "belay check", but not "check the forklift".)
  const nounPhrase = isNounWord(first.norm) && !commonActionVerbs.has(first.norm) && (isNoun(second) || second.tags.has('Preposition')) && !determiners.has(second.norm) && !tokens.slice(1).some((token) => isVerb(token) && !isNounWord(token.norm));
  if (nounPhrase) return 'name';
  // ("release day": a verb of the work's before a bare singular noun, and nothing else, names it too.)
  if (tokens.length === 2 && commonActionVerbs.has(first.norm) && isNoun(second) && !second.tags.has('Plural') && !isVerb(second)) return 'name';
  // ("we do the reset for tomorrow, first thing is…": the work said as done.)
  const what = tokens[2];
  if (['we', 'you'].includes(first.norm) && second.norm === 'do' && what && determiners.has(what.norm) && !['this', 'that', 'it'].includes(what.norm)) return 'done';
  return null;
}

/** In notes, what happens or a case, before an arrow or a colon, is the condition of the step after it; whether it was written so. */
export function writesCaseOfNext(prose: ProseSentence, soFar: SaidSoFar, position: ClauseAt, reading: Reading): boolean {
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
  const found = named ?? (terse && following?.joint === '>' ? thingFound(clause.tokens, following, readNoteClause(following, terse)) : null);
  if (found) {
    writer.add(found, { forward: true });
    soFar.previousAction = null;
    soFar.previousKind = 'condition';
    soFar.caseText = uncapitalise(found.text.replace(/[\s,;:.]+$/, ''));
    return true;
  }
  return false;
}


/** In notes, a thing before an arrow and where it goes after it, read as one step with the clause after it; null otherwise. */
export function placedThing(prose: ProseSentence, soFar: SaidSoFar, position: ClauseAt, reading: Reading): Reading | null {
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
export function respelledInTalk(prose: ProseSentence, soFar: SaidSoFar, position: ClauseAt, reading: Reading): Reading {
  const { clause } = position;
  // ("…right. gloves on. cleanse the legs", "lid on, run it at 100 volts": in talk, a thing and how it is left, said the way notes
  // say it, as a sentence of its own or before a comma, is a step, not a topic.)
  const lastWord = clause.tokens[clause.tokens.length - 1];
  // ("fairy lights on by 11 and check every string works": or before "and" and an instruction; after an instruction,
  // "clip the lid back on the tray back on and…", it is the verb's second object.)
  const beforeAction = !soFar.previousAction && Boolean(position.following?.conjoined) && clause.tokens.length >= 3 && clause.tokens.length <= 6 && readClause(position.following!.tokens).kind === 'action';
  const jottedInTalk = reading.kind === 'statement' && !prose.terse && (beforeAction || (clause.tokens.length <= 4 && (prose.clauses.length === 1 || (clause.tokens.length <= 3 && /,/.test(lastWord?.post ?? '') && ['on', 'off', 'in', 'out', 'open', 'shut'].includes(lastWord!.norm)))));
  const respelled = jottedInTalk ? respellNote(clause.tokens) : null;
  if (respelled) return { kind: 'action', title: respelled, details: '', source: render(clause.tokens) };
  return reading;
}

/** In talk, a place or a thing named before a comma leads into the instruction after it; whether the clause was written so. */
export function leadsIntoNext(prose: ProseSentence, soFar: SaidSoFar, position: ClauseAt, reading: Reading): boolean {
  const { writer, terse } = prose;
  const { clause, following } = position;
  // ("then the rails, nail them on": a thing named before a comma and what to do with it is the topic of that step.)
  // (With no "it" or "them" to stand for it, "then the fabric, check the pattern's straight", it leads into that step.)
  // ("then uh the site walk you walk the area": after a sequence word, run straight into the instruction, too;
  // not "test the horn and then the brakes…", where the verb before is meant again.)
  const runsInto = clause.sequenced && (position.index === 0 || soFar.previousKind !== 'action') && determiners.has(clause.tokens[0]?.norm ?? '') && Boolean(following && !following.sequenced && !following.conjoined && !following.before) && !/[;:.!?]/.test(clause.tokens[clause.tokens.length - 1]?.post ?? '');
  const topicOfNext = reading.kind === 'statement' && !terse && clause.tokens.length <= 6 && (/,/.test(clause.tokens[clause.tokens.length - 1]?.post ?? '') || runsInto) && isBareObject(clause.tokens) && Boolean(following) && readClause(following!.tokens).kind === 'action';
  // ("Back at the depot, unload the van": where the next step is done leads into it.)
  const placeOfNext = reading.kind === 'statement' && !terse && clause.tokens.length <= 6 && /,/.test(clause.tokens[clause.tokens.length - 1]?.post ?? '') && (clause.tokens[0]!.tags.has('Preposition') || (clause.tokens[0]!.norm === 'back' && Boolean(clause.tokens[1]?.tags.has('Preposition')))) && Boolean(following) && readClause(following!.tokens).kind === 'action';
  // ("…top it up from the drum | you get on | put your seatbelt on": getting somewhere leads into what is done there.)
  const moved = render(clause.tokens).replace(/^(?:(?:and|then|so)\s+)*(?:you|we|i)\s+/i, '').replace(/[\s,]+$/, '');
  const movesToNext = reading.kind === 'statement' && !terse && onlyMoves(moved) && Boolean(following) && readClause(following!.tokens).kind === 'action';
  if (movesToNext) {
    writer.leadNext(asSentence(capitalise(moved)));
    soFar.previousKind = 'statement';
    return true;
  }
  if (placeOfNext) {
    writer.leadNext(asSentence(render(clause.tokens).replace(/[\s,]+$/, '')));
    soFar.previousKind = 'statement';
    return true;
  }
  if (topicOfNext) {
    const topic = render(clause.tokens).replace(/[\s,]+$/, '');
    if (!/\b(?:it|them|they)\b/i.test(render(following!.tokens))) writer.leadNext(asSentence(topic));
    // ("The bins, empty them": the article that opened the sentence is mid-title once it stands for "them".)
    soFar.previousObject = topic.replace(/^(?:The|A|An|Any|All|Each|Every)\b/, (article) => article.toLowerCase());
    soFar.previousKind = 'statement';
    return true;
  }
  return false;
}

/** A statement that is a step after all (an object for the verb before, a rule, kit to wear, a jotted step); an instruction that is a caution on the step before. */
export function statementRead(prose: ProseSentence, soFar: SaidSoFar, position: ClauseAt, reading: Reading): Reading {
  const { writer, terse, clauses } = prose;
  const { clause, index } = position;
  const { previousAction, previousKind } = soFar;
  // ("peel the backing off one half… then the other half, same": the same again, on another thing.)
  const again = reading.kind === 'statement' && writer.last && !terse && clause.sequenced ? sameAgainOn(clause.tokens) : null;
  if (again) return { kind: 'action', title: `Repeat for ${again}`, details: '', source: render(clause.tokens) };
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
  // ("no concrete, unless the client's asked for it, cause it rots the posts": a rule with its exception is a step; why goes to the details.)
  const ruleWithException = reading.kind === 'statement' && !terse && clauses.length === 1 ? exceptedRule(clause.tokens) : null;
  if (ruleWithException) reading = { kind: 'action', ...ruleWithException, source: render(clause.tokens) };
  // ("Safety first: goggles, nitrile gloves, long sleeves": kit named in a list is kit to wear.)
  const worn = reading.kind === 'statement' && !/:\s*$/.test(clause.tokens[clause.tokens.length - 1]?.post ?? '') ? kitListed(clauses.slice(index).flatMap((rest) => rest.tokens)) : null;
  if (worn) {
    reading = { kind: 'action', title: `Wear ${worn.join(', ')}`, details: '', source: render(clauses.slice(index).flatMap((rest) => rest.tokens)) };
    for (let at = index + 1; at < clauses.length; at++) soFar.consumed.add(at);
  }
  // ("…then heel and lace pads on the front of the ankle, then underwrap starting mid foot": after a sequence word,
  // a thing and where it goes or how, with no verb, is a step said the way notes say it.)
  if (reading.kind === 'statement' && !terse && clause.sequenced && jottedStep(clause.tokens)) {
    // ("the first thing you do is the walk round": a piece of work announced as what you do is doing it.)
    const work = clause.opensSteps && determiners.has(clause.tokens[0]!.norm) && clause.tokens.slice(1).every((token) => isNoun(token) || token.tags.has('Adjective'));
    const said = render(clause.tokens).replace(/[\s.,;:!?]+$/, '');
    reading = { kind: 'action', title: work ? `Do ${uncapitalise(said)}` : capitalise(said), details: '', source: render(clause.tokens) };
  }
  // "…over the phone, never email it": a caution on the step just said.
  // ("…, and the fees section must not be edited without approval": a thing of its own forbidden is a step of its own.)
  // ("seal broken -> don't open, tell treasurer": what not to do in a case is a step of its own.)
  // (After a remark, "…rot spoils it, and we will not use windfalls", the prohibition is the step.)
  if (reading.kind === 'action' && index > 0 && !clause.sequenced && previousKind !== 'condition' && previousKind !== 'trigger' && !(previousKind === 'statement' && clause.tokens.find((token) => !['and', 'but', 'so'].includes(token.norm))?.norm === 'we') && /^(?:never|do not|don't)\b/i.test(reading.title) && writer.last && !ownSubject(clause.tokens)) reading = { kind: 'statement', text: render(clause.tokens) };
  return reading;
}

/** How the clause leads into the one after it: whether a condition waits for it, and the lead-ins that may say what it is about. */
export function leadsOf(prose: ProseSentence, soFar: SaidSoFar, position: ClauseAt, next: Clause | undefined, reading: Reading): LeadIns {
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
  // ("bin the towels if they're stained; all towels go…": a semicolon closes the condition with the step it follows.)
  const closed = !terse && index > 0 && previousKind === 'action' && /;/.test(clause.tokens[clause.tokens.length - 1]?.post ?? '');
  // ("…people get really annoyed if you do silk when they wanted matt.": with no instruction after it in the sentence, a
  // condition said after a statement qualifies that, not the next sentence's step.)
  const instructionAfter = index === 0 || previousKind !== 'statement' || prose.clauses.slice(index + 1).some((later) => readNoteClause(later, terse).kind === 'action');
  const forward = !concession && !duration && !closed && instructionAfter && (Boolean(next && !next.sequenced && !(next.conjoined && previousKind === 'action')) || index === 0);
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
export function listAfterColon(prose: ProseSentence, soFar: SaidSoFar, position: ClauseAt, next: Clause | undefined, nextAt: number, reading: Reading): Reading {
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
export function leadsByLabel(prose: ProseSentence, soFar: SaidSoFar, position: ClauseAt, next: Clause | undefined, leads: LeadIns, reading: Reading): boolean {
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
export function fragmentAsStep(prose: ProseSentence, soFar: SaidSoFar, position: ClauseAt, next: Clause | undefined, reading: Reading): Reading {
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

/** A short verbless fragment of notes that is not an explanation ("mic check", "5 rows x 8"). */
const isFragment = (tokens: Token[]) =>
  tokens.length > 0 && tokens.length <= 8 && !tokens.some((token) => isVerb(token) && !token.tags.has('Gerund') && !token.tags.has('PastTense')) && !['because', 'so', 'which', 'otherwise', 'eg', 'ie', 'never', 'not'].includes(tokens[0]!.norm);

/** "the other half, same", "the second coat the same again": the thing the step before is done to again; null if not said so. */
function sameAgainOn(tokens: Token[]): string | null {
  const said = render(tokens).replace(/[\s.,;:!?]+$/, '');
  const match = /^(?:(?:and|then|next|now)\s+)*((?:the|your|that|this|each)\s+[\w\s-]+?),?\s+(?:the\s+)?same(?:\s+(?:again|thing|way))?$/i.exec(said);
  return match && match[1]!.split(/\s+/).length <= 5 ? match[1]!.toLowerCase() : null;
}

/** "no concrete, unless the client's asked for it": "no" and a thing, then its exception; the title and why, or null. */
function exceptedRule(tokens: Token[]): { title: string; details: string } | null {
  const comma = tokens.findIndex((token) => /,/.test(token.post));
  const head = tokens.slice(0, comma + 1);
  if (comma < 1 || comma > 5 || head[0]!.norm !== 'no' || !isNoun(head[1]) || head.some((token) => isVerb(token) && !isNounWord(token.norm))) return null;
  if (!['unless', 'except', 'if', 'without'].includes(tokens[comma + 1]?.norm ?? '')) return null;
  const why = tokens.findIndex((token, at) => at > comma + 1 && ['because', 'cause', 'cos', 'as', 'since'].includes(token.norm) && /,/.test(tokens[at - 1]!.post));
  const ruled = why > 0 ? tokens.slice(0, why) : tokens;
  const title = capitalise(render(ruled).replace(/[\s.,;:!?]+$/, ''));
  return title.length <= MAX_TITLE ? { title, details: why > 0 ? asSentence(capitalise(render(tokens.slice(why)))) : '' } : null;
}

/** A noun phrase and nothing else: "the brakes and the parking brake". */
const isBareObject = (tokens: Token[]) =>
  tokens.length > 0 &&
  (tokens[0]!.tags.has('Determiner') || isNoun(tokens[0])) &&
  // ("then the line manager gets an email": someone doing something is no object.)
  actorVerbAt(tokens, 0) === null &&
  // ("The link expires after 24 hours, so…": a thing and what it does, said of it, is no object.)
  !tokens.some((token, index) => index > 0 && token.tags.has('PresentTense') && !token.tags.has('Infinitive') && /[^s]s$/.test(token.norm) && Boolean(tokens[index + 1]?.tags.has('Preposition'))) &&
  // A verb-tagged word inside a noun phrase ("the parking brake") is a noun.
  !tokens.some((token, index) => isVerb(token) && !(index > 0 && (isNoun(tokens[index - 1]) || tokens[index - 1]!.tags.has('Adjective') || tokens[index - 1]!.tags.has('Gerund') || tokens[index - 1]!.tags.has('Determiner'))));

/**
 * "seal broken -> don't open, tell treasurer", "damaged -> bag it, label it": in notes, the instructions after a case,
 * one after another with commas, are one step done in that case; whether this clause went on the end of it.
 */
export function continuesCase(prose: ProseSentence, soFar: SaidSoFar, position: ClauseAt, reading: Reading): boolean {
  const { writer, terse } = prose;
  const last = writer.last;
  if (!terse || !soFar.caseText || reading.kind !== 'action' || position.clause.joint !== ',' || soFar.previousKind !== 'action' || !last) return false;
  const suffix = ` ${soFar.caseText}`;
  const done = uncapitalise(reading.title);
  const title = last.title.endsWith(suffix) ? `${last.title.slice(0, -suffix.length)}, ${done}${suffix}` : `${last.title}, ${done}`;
  if (title.length > MAX_TITLE) return false;
  last.title = title;
  return true;
}
