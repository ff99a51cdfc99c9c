// A clause's reading written: joined to the step before, or as a step with its pronouns resolved.
import { asSentence, uncapitalise, type Reading } from '../clauses/instruction';
import { conditionStarts, triggerStarts } from '../language/lexicon';
import { canBeVerb, isNounWord, isVerb } from '../language/tokens';
import { isExplanation } from '../notes/note-clauses';
import { editSpokenTitle } from '../steps/editing';
import { MAX_TITLE } from '../steps/titles';
import { announcedThing, existentialOf, kindOfThingIn, objectOf, resolvePronoun, subjectOf } from './pronouns';
import type { ClauseAt, ProseSentence, SaidSoFar } from './prose-sentence';

/** An instruction that goes on with the step just written (recording what it read, a short follow-on in talk) joins it; whether it did. */
export function joinsStepBefore(prose: ProseSentence, soFar: SaidSoFar, position: ClauseAt, reading: Reading): boolean {
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
export function resolvedTitle(prose: ProseSentence, soFar: SaidSoFar, position: ClauseAt, reading: Reading): Reading {
  const { writer } = prose;
  const { clause } = position;
  const { previousObject, previousKindOfThing } = soFar;
  // "…reviews the cal sheet and signs it": "it" is the thing just named.
  if (reading.kind === 'action' && previousObject && !clause.sequenced) reading = { ...reading, title: resolvePronoun(reading.title, previousObject) };
  // "read the meters … photo each one": each of the things just named.
  if (reading.kind === 'action' && previousKindOfThing) reading = { ...reading, title: reading.title.replace(/\b(each|every) one\b(?! of)/i, `$1 ${previousKindOfThing}`) };
  // "to clean the coffee grinder you unplug it first": otherwise a lone "it" is the thing the procedure is about.
  if (reading.kind === 'action') {
    const topic = writer.spokenOf ?? writer.topic();
    if (topic) reading = { ...reading, title: resolvePronoun(reading.title, topic, 'it') };
  }
  if (reading.kind === 'action') reading = { ...reading, title: editSpokenTitle(reading.title, writer.people.current) };
  writer.people.see(clause.tokens);
  return reading;
}

/** In notes, what a line says after its instruction goes on the end of that step's title; whether it did. */
export function endsStepBefore(prose: ProseSentence, soFar: SaidSoFar, position: ClauseAt, reading: Reading): boolean {
  const { writer, terse } = prose;
  const { clause } = position;
  // "reg table @ door - badges alpha order + lanyards": in notes what the line says after its instruction is part of the step as jotted.
  const said = reading.kind === 'statement' ? reading.text.replace(/[\s.;:,]+$/, '') : '';
  const tail = terse && said && soFar.previousKind === 'action' && writer.last && !clause.sequenced && [',', '-', '>'].includes(clause.joint ?? '') && !isExplanation(clause.tokens) && (!/^(?:never|not|no|don't|do not)\b/i.test(said) || (/^(?:not|no)\b/i.test(said) && !clause.tokens.some((token) => isVerb(token) && !token.tags.has('Gerund') && !isNounWord(token.norm)))) && !/[<>=≤≥]/.test(said);
  // ("smoke -> don't enter, back off, ring Control": the case opening the line stays at the end of the step.)
  const suffix = soFar.caseText ? ` ${soFar.caseText}` : '';
  const head = suffix && writer.last?.title.endsWith(suffix) ? writer.last.title.slice(0, -suffix.length) : (writer.last?.title ?? '');
  const joined = tail ? `${head.replace(/[\s–—-]+$/, '')}${clause.joint === '-' ? ' –' : clause.joint === '>' ? ' →' : ','} ${said}${head === writer.last!.title ? '' : suffix}` : '';
  if (tail && joined.length <= MAX_TITLE) {
    writer.last!.title = joined;
    return true;
  }
  return false;
}

/** Writes the reading, and remembers what it said for the clauses after it. */
export function writeReading(prose: ProseSentence, soFar: SaidSoFar, position: ClauseAt, forward: boolean, reading: Reading) {
  const { clause } = position;
  rememberAnnouncedThing(prose, position, reading);
  // ("If the pH is high, close the pool and call the duty manager": a case said first governs each action joined by "and" after it.)
  const governed = reading.kind === 'action' && soFar.governing && soFar.previousKind === 'action' && clause.conjoined && !clause.sequenced;
  if (governed) prose.writer.add(soFar.governing!, { forward: true });
  // ("…and the machine beeps when it gets there": a clause that cannot stand alone finishes the sentence of the statement before it.)
  const dependent = conditionStarts.has(clause.tokens[0]?.norm ?? '') || triggerStarts.has(clause.tokens[0]?.norm ?? '') || ['because', 'since', 'which', 'whereas', 'although', 'though'].includes(clause.tokens[0]?.norm ?? '');
  const continued = reading.kind === 'statement' && soFar.previousKind === 'statement' && dependent && !prose.terse && prose.writer.continueStatement(reading.text, clause.joint);
  if (!continued) prose.writer.add(reading, { before: clause.before, forward });
  // (Only a case that opens the sentence: in running talk, "…add a bale if it's thin scrub out the buckets…", whose case it is is unclear.)
  if (reading.kind === 'condition' && forward && position.index === 0) soFar.governing = reading;
  else if (!(reading.kind === 'action' && (governed || soFar.previousKind === 'condition'))) soFar.governing = undefined;
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
  // ("power on the controller and then the drone": a verb's particle before its object goes with it.)
  // ("look at the tyres for cuts and the forks for cracks": so does the preposition a verb cannot go without.)
  const phrasal = reading.kind === 'action' ? /^(\S+\s(?:on|off|up|down|out)|(?:Look|Listen|Talk|Speak|Point|Wait)\s(?:at|to|for))\s+(?:the|a|an|your|all|each|every|both)\s/i.exec(reading.title) : null;
  soFar.previousAction = reading.kind === 'action' && !/^(?:do not|never|don't)\b/i.test(reading.title) ? (move ? move[1]! : phrasal ? phrasal[1]! : reading.title.split(' ')[0]!) : null;
}

/**
 * "okay so carpet. you want to cut it roughly": a thing announced in talk once steps are under way is what "it" then means,
 * until a step names a thing of its own; before the first step it names the work ("okay so screen replacement").
 */
function rememberAnnouncedThing(prose: ProseSentence, position: ClauseAt, reading: Reading) {
  const { writer } = prose;
  const { clause } = position;
  // (Opening its sentence, or moving on with "then": "…every night so watch", a verb alone mid-sentence, asks for attention.)
  const loneVerb = clause.tokens.length === 1 && canBeVerb(clause.tokens[0]!.norm);
  const movesOn = position.index === 0 || (!loneVerb && (clause.sequenced || ['then', 'next', 'now'].includes(clause.tokens[0]?.norm ?? '')));
  if (reading.kind === 'statement' && !prose.terse && writer.steps.length > 0 && movesOn) writer.spokenOf = announcedThing(clause.tokens) ?? writer.spokenOf;
  if (reading.kind === 'action' && writer.spokenOf) {
    const named = objectOf(reading.title);
    if (named && named !== writer.spokenOf && !/s$/.test(named)) writer.spokenOf = null;
  }
}

/** "Write it on the sheet", "write that down too", "enter both": recording a value just read, with nothing of its own named. */
const recordsWhatWasRead = (title: string) =>
  /^(?:write|record|note|log|enter|jot)\s+(?:it|that|them|both|those|these|the reading|the readings|the result|the results)(?:\s+down)?(?:\s+(?:on|in|into)\s+(?:the|a|your)\s+[\w-]+(?:\s+[\w-]+)?)?(?:\s+(?:too|as well|again))?$/i.test(title.trim());

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
