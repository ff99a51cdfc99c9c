// Where a sentence is cut into clauses: at punctuation, sequence words, joins and announcements.
import { auxiliaryWords, commonActionVerbs, conditionStarts, determiners, subjectPronouns, triggerStarts } from '../language/lexicon';
import { canBeVerb, endsClause, isBaseVerb, isNoun, isNounWord, isVerb, nounsUsedAsVerbs, type Token } from '../language/tokens';
import { actionStartsAt, actorVerbAt, actsOnObject, leadingPlace, statementStartsAt } from './actors';
import { flush, type Cut, type WordAt } from './clause';
import { endsParticle, sayingVerbs } from './clause-ends';
import { bareImperativeAt, objectOfPreposition, someOfUsActAt, subjectClauseAt } from './clause-starts';
import { listOfThingsFrom, segmentActs, thingsListedFrom } from './note-segments';
import { isParticiple, passiveAt, thingClauseAt } from './passives';
import { qualifyingClause, subordinatorAt, timeThenAction } from './qualifiers';
import { beforePhrases, midAnnouncements, sequenceAt, thingToDoAt } from './sequence';
import { hasVerb, isSubject, isSubjectPronoun, isThirdPersonVerb, longestPhraseAt, particles, peopleGoOn } from './words';

/** Verbs a quotation of what to say can follow after a colon ("Ask: 'Is it inside?'"): the verbs of saying, and a few more. */
const quotingVerbs = new Set([...sayingVerbs, 'ask', 'announce', 'read', 'repeat', 'confirm', 'reply', 'answer', 'greet']);

/** Cuts at a semicolon, a colon, a dash or an arrow, at a comma of notes, and at a plus between two things to do; the index to read on from, if the word was read. */
export function cutAtMarks(cut: Cut, here: WordAt): number | undefined {
  const { tokens, options } = cut;
  const { index, token, previous } = here;
  // ("record every refusal in the book: date, time, item, description of the person": what it lists stays with it.)
  const listed = !options.terse && /:/.test(previous?.post ?? '') && hasVerb(cut.current) && thingsListedFrom(tokens, index);
  // ("Ask: 'Is the smell inside or outside?'": what is to be said, quoted after a colon, is the words of the step.)
  const said = cut.current[cut.current.length - 1];
  const quoted = Boolean(said) && /:/.test(previous?.post ?? '') && /^['"‘“]/.test(token.pre) && cut.current.length <= 3 && quotingVerbs.has(said!.norm);
  if (cut.current.length > 0 && previous && /[;:–—]|->|→|\s-\s/.test(previous.post + token.pre) && !listed && !quoted) {
    flush(cut);
    cut.flags.joint = /:/.test(previous.post) ? ':' : /;;|->|→/.test(previous.post + token.pre) ? '>' : /;/.test(previous.post) ? ';' : '-';
  }
  // Terse notes list one thing per comma: "front door open, old cart out".
  // ("barrier film on: lamp handle, machine, clip cord": a list of things after a colon stays whole.)
  // (Only around something to do: in "10 samples across rows, refractometer, need 21+" the commas list what the step uses.)
  else if (options.terse && cut.current.length > 0 && previous && /,/.test(previous.post) && !/^(?:and|or)$/.test(token.norm) && !(cut.flags.joint === ':' && listOfThingsFrom(tokens, index - cut.current.length)) && (segmentActs(tokens, index) || segmentActs(tokens, index - cut.current.length))) {
    flush(cut);
    cut.flags.joint = ',';
  }
  // ("kit: tester, labels, spare fuses, log sheet": a list of things after a colon is one clause, whatever the tagger made of its words.)
  if (options.terse && cut.current.length === 0 && cut.flags.joint === ':' && listOfThingsFrom(tokens, index)) {
    let next = index;
    while (next < tokens.length) {
      cut.current.push(tokens[next]!);
      if (/[;:]|->|→/.test(tokens[next++]!.post)) break;
    }
    return next;
  }
  // "restart + check the pressure": a plus before an instruction joins two steps.
  // ("heater + filter off" joins two things; "restart + check" two actions.)
  if (options.terse && ['+', '&'].includes(token.text) && cut.current.length > 0 && (hasVerb(cut.current) || (cut.current.length === 1 && canBeVerb(cut.current[0]!.norm))) && actionStartsAt(tokens, index + 1) && !plusJoinsThings(tokens, index + 1)) {
    flush(cut);
    return index + 1;
  }
  return undefined;
}

/** Cuts where what was said first (a topic, a condition cut short, a when-clause, "if so") ends and the instruction starts. */
export function cutBeforeInstruction(cut: Cut, here: WordAt) {
  const { tokens, speech } = cut;
  const { index, token, previous } = here;
  // "so weekly tank maintenance um you'll want to unplug…": what the speaker names first, before
  // anyone does anything, is the topic; the first instruction starts with its subject.
  const named = cut.current.slice(cut.current.findIndex((word) => !['so', 'okay', 'ok', 'alright', 'right', 'well', 'now'].includes(word.norm)));
  if (speech && cut.clauses.length === 0 && named.length >= 2 && named.length <= 10 && cut.current[0] !== named[0] && isSubject(token) && actorVerbAt(tokens, index) !== null && !named.some((word) => (isVerb(word) && !word.tags.has('Gerund')) || conditionStarts.has(word.norm) || triggerStarts.has(word.norm)) && subordinatorAt(named, 0) === 0) {
    flush(cut);
  }
  // "if it doesn't you take it off by hand", "if it's not swap it", "if it hasn't ring the desk" (never "if it doesn't ring the desk"): a condition cut short after its auxiliary ends there.
  if (cut.current.length >= 3 && (qualifyingClause(cut.current) || (['and', 'but', 'so', 'or'].includes(cut.current[0]!.norm) && qualifyingClause(cut.current.slice(1)))) && previous && ellipticalEnds.has(previous.norm) && ((isSubject(token) && actorVerbAt(tokens, index) !== null) || (previous.norm === 'not' && ['is', 'are', 'was', 'were', 'has', 'have', 'had'].includes(tokens[index - 2]?.norm ?? '') && bareImperativeAt(tokens, index)))) {
    flush(cut);
  }
  // ("When the item arrives it is checked in", "once the van is back the keys are handed in": after a when-clause with its verb, a passive starts the step.)
  if (cut.current.length >= 3 && (triggerStarts.has(cut.current[0]!.norm) || conditionStarts.has(cut.current[0]!.norm)) && hasVerb(cut.current.slice(2)) && !/[,;:]/.test(previous?.post ?? '') && previous && !previous.tags.has('Copula') && !objectOfPreposition(tokens, index) && !auxiliaryWords.has(previous.norm) && (determiners.has(token.norm) || ['it', 'they'].includes(token.norm)) && (passiveAt(tokens, index) !== null || (['it', 'they'].includes(token.norm) && ['is', 'are'].includes(tokens[index + 1]?.norm ?? '') && passiveAt([{ ...tokens[index]!, norm: 'thing', tags: new Set(['Noun']) }, ...tokens.slice(index + 1)], 0) !== null))) {
    flush(cut);
  }
  // ("and if so we rebook", "if not ring the office": "if so" and "if not" are whole conditions.)
  const bare = cut.current.filter((word) => !['and', 'but', 'or'].includes(word.norm));
  if (bare.length === 2 && bare[0]!.norm === 'if' && ['so', 'not', 'yes', 'no'].includes(bare[1]!.norm) && ((isSubject(token) && actorVerbAt(tokens, index) !== null) || bareImperativeAt(tokens, index))) {
    flush(cut);
  }
}

/** Cuts before "before that" and before sequence words ("then", "next"); the index to read on from, if the word was read. */
export function cutAtSequence(cut: Cut, here: WordAt): number | undefined {
  const { tokens, speech } = cut;
  const { index } = here;
  const before = longestPhraseAt(tokens, index, beforePhrases);
  if (before && actionStartsAt(tokens, index + before)) {
    flush(cut);
    cut.flags.before = true;
    return index + before;
  }
  // ("for a hive inspection pick a warm day": what the talk is for, then the first instruction.)
  if (speech && cut.current.length >= 3 && cut.current.slice(0, 2).some((word) => word.norm === 'for') && !hasVerb(cut.current) && bareImperativeAt(tokens, index)) flush(cut);
  // ("visual first: cable, plug": a sequence word closing a label is part of it.)
  // ("people forget that and then wonder why…": what people in general do next is still theirs.)
  const sequence = (cut.current.length > 0 && /:/.test(tokens[index + Math.max(0, sequenceAt(tokens, index) - 1)]?.post ?? '')) || peopleGoOn(cut.current, tokens[index + sequenceAt(tokens, index)]) ? 0 : sequenceAt(tokens, index);
  if (sequence) {
    if (cut.current.length > 0) flush(cut);
    cut.flags.sequenced = true;
    if (opensSteps(tokens.slice(index, index + sequence))) cut.flags.opensSteps = true;
    let next = index + sequence;
    // "then after five minutes refresh the page": the time is the trigger of the step after it.
    const timed = timeThenAction(tokens, next);
    if (timed) {
      cut.current = tokens.slice(next, timed);
      flush(cut);
      next = timed;
    }
    return next;
  }
  return undefined;
}

/** Cuts at "and" before the same thing's next participle, an announced step, a second object of the same verb, or a time that opens the next step; the index to read on from, if the word was read. */
export function cutAtJoin(cut: Cut, here: WordAt): number | undefined {
  const { tokens, speech } = cut;
  const { index, token, previous, started } = here;
  if (started && token.norm === 'and' && cut.current.length >= 3) {
    // "…are aliquoted and stored at 4 °C", "…goes in a bag and is handed to the dispatcher": the same thing's next step.
    const thing = thingClauseAt(cut.current, 0) ?? (passiveAt(cut.current, 0) !== null ? { plural: cut.current.some((word) => word.tags.has('Plural')) } : null);
    const participleAt = index + 1 + (['is', 'are', 'gets', 'get'].includes(tokens[index + 1]?.norm ?? '') ? 1 : 0);
    if (thing && isParticiple(tokens[participleAt]) && !cut.current.slice(-3).some((word) => word.norm === 'and')) {
      flush(cut);
      cut.flags.passiveOf = thing.plural ? 'them' : 'it';
      return participleAt;
    }
  }
  // "…and the last thing is book them in": the announcement after "and" opens the next step.
  const announcedAfterJoin = ['and', 'but', 'so'].includes(token.norm) && cut.current.length > 0 ? longestPhraseAt(tokens, index + 1, midAnnouncements) || thingToDoAt(tokens, index + 1) : 0;
  if (announcedAfterJoin) {
    flush(cut);
    cut.flags.sequenced = true;
    if (opensSteps(tokens.slice(index + 1, index + 1 + announcedAfterJoin))) cut.flags.opensSteps = true;
    let next = index + 1 + announcedAfterJoin;
    if (tokens[next]?.norm === 'to' && isBaseVerb(tokens[next + 1])) next++;
    return next;
  }
  // ("Start by pulling the invoice and checking that…": after "by" and a gerund, "and" and a second gerund is the next step.)
  const byGerund = cut.current.some((word, at) => word.norm === 'by' && Boolean(cut.current[at + 1]?.tags.has('Gerund')) && ['start', 'begin'].includes(cut.current[at - 1]?.norm ?? ''));
  // ("…the invoice and packing list": a gerund before a bare noun names a thing.)
  const gerundActs = tokens[index + 2] && !endsClause(tokens[index + 1]) && (determiners.has(tokens[index + 2]!.norm) || ['that', 'it', 'them', 'everything', 'all'].includes(tokens[index + 2]!.norm) || particles.has(tokens[index + 2]!.norm));
  if (started && token.norm === 'and' && byGerund && tokens[index + 1]?.tags.has('Gerund') && gerundActs) {
    flush(cut);
    cut.flags.conjoined = true;
    return index + 1;
  }
  if (started && token.norm === 'and' && gappedAt(cut.current, tokens, index + 1)) {
    flush(cut);
    cut.flags.gapped = true;
    return index + 1;
  }
  // "put the burr back on the hopper back on": in speech the "and" may not even be said.
  if (speech && started && endsParticle(previous, tokens[index - 2], tokens[index - 3]) && gappedAt(cut.current, tokens, index, true)) {
    flush(cut);
    cut.flags.gapped = true;
  }
  // "…start the scan and after ten minutes check the bar": the time opens the next step.
  const afterTime = timeThenAction(tokens, index + 1);
  if (started && token.norm === 'and' && cut.current.length >= 2 && afterTime) {
    flush(cut);
    // The time is a clause of its own, the trigger of the step after it.
    cut.current = tokens.slice(index + 1, afterTime);
    flush(cut);
    return afterTime;
  }
  return undefined;
}

/** Cuts at "and", "but", "plus" or a comma before the next action, the same person's or a new one; the index to read on from, if the word was read. */
export function cutAtNextAction(cut: Cut, here: WordAt): number | undefined {
  const { tokens } = cut;
  const { index, token, previous, started } = here;
  // ("…goes on first, a little forward of the withers, and the saddle is placed on top": after a phrase with no verb, too.)
  if (!started && token.norm === 'and' && cut.current.length >= 2 && /,/.test(previous?.post ?? '') && determiners.has(tokens[index + 1]?.norm ?? '') && passiveAt(tokens, index + 1) !== null) {
    flush(cut);
    cut.flags.conjoined = true;
    return index + 1;
  }
  // ("…in the tracker and, on failure, open a ticket": a short phrase between commas after "and" leads the next instruction.)
  if (started && ['and', 'but'].includes(token.norm) && /,/.test(token.post) && cut.current.length >= 2) {
    const closing = tokens.findIndex((word, at) => at > index && at <= index + 4 && /,/.test(word.post));
    if (closing > index && !tokens.slice(index + 1, closing + 1).some((word) => isVerb(word) && !word.tags.has('Gerund')) && actionStartsAt(tokens, closing + 1)) {
      flush(cut);
      cut.flags.conjoined = true;
      return index + 1;
    }
  }
  if (started && ['and', 'but', 'plus'].includes(token.norm) && cut.current.length >= 2) {
    // ("…and then goes out": "then" before the same person's next verb.)
    const next = index + 1 + (sequenceAt(tokens, index + 1) || (['then', 'also'].includes(tokens[index + 1]?.norm ?? '') && isThirdPersonVerb(tokens[index + 2]) ? 1 : 0));
    // "…and seal it": a verb on the same object is part of the same step.
    const followOn = tokens[next + 1]?.tags.has('Pronoun') && (next + 2 >= tokens.length || endsClause(tokens[next + 1]));
    // "The manager reviews it and signs the form": the same person's next action.
    // ("…and asks the standard questions": a third-person verb before its article, whatever the tagger called it.)
    const sameActor = (actorVerbAt(cut.current, 0) !== null || someOfUsActAt(cut.current, 0) || cut.flags.continuesSubject) && ((isThirdPersonVerb(tokens[next]) && (!isNoun(tokens[next]) || determiners.has(tokens[next + 1]?.norm ?? ''))) || actsOnObject(tokens, next)) && next + 1 < tokens.length;
    // "wait until the passenger is off and the crew has given the all-clear": still what to wait for.
    const awaited = cut.current.some((word, at) => at > 0 && ['until', 'till'].includes(word.norm) && /^wait/.test(cut.current[at - 1]!.norm));
    const conjoinedCondition = (qualifyingClause(cut.current) || awaited) && (subjectClauseAt(tokens, next) || actorVerbAt(tokens, next) !== null) && !isSubjectPronoun(tokens[next]);
    // "…turn it on and it should go straight into autopilot": what happens next explains the step.
    // "…chef gets mad and that all goes in the walk-in": where a thing goes is a step of its own.
    // ("…, and the saddle is placed on top": a thing of its own, done to, is a step of its own.)
    const aside = (statementStartsAt(tokens, next) && !qualifyingClause(cut.current)) || thingClauseAt(tokens, next)?.kind === 'motion' || (/,/.test(previous?.post ?? '') && determiners.has(tokens[next]?.norm ?? '') && passiveAt(tokens, next) !== null);
    // "you sign and date the log": a verb with no object yet shares the next verb's object.
    const words = cut.current.filter((word) => !subjectPronouns.has(word.norm) && !auxiliaryWords.has(word.norm));
    const sharedObject = words.length === 1 && isBaseVerb(words[0]) && token.norm === 'and' && isBaseVerb(tokens[next]) && !aside;
    // ("get the make and model": a last word after a noun, a noun too, whatever verb it can be.)
    const lastNoun = next === tokens.length - 1 && isNoun(previous) && (isNoun(tokens[next]) || isNounWord(tokens[next]!.norm)) && !commonActionVerbs.has(tokens[next]!.norm);
    // ("write the end temp and time on the log", "record the weight and size on the form": a noun after a noun, then where, is a second object.)
    const afterNext = tokens[next + 1];
    const secondObject = (isNoun(previous) || isNounWord(previous?.norm ?? '') || Boolean(previous?.tags.has('Abbreviation'))) && !endsClause(previous) && isNounWord(tokens[next]?.norm ?? '') && !commonActionVerbs.has(tokens[next]!.norm) && !endsClause(tokens[next]) && ['on', 'in', 'into', 'onto', 'at'].includes(afterNext?.norm ?? '') && determiners.has(tokens[next + 2]?.norm ?? '');
    // ("don't try and fix it", "go and get the keys": "and" joins two verbs said as one.)
    const serialVerb = token.norm === 'and' && ['try', 'go', 'come'].includes(previous?.norm ?? '') && !/[,;:]/.test(previous?.post ?? '') && next === index + 1;
    // ("people forget that and then wonder why the queue's backing up": what people in general do next is still theirs.)
    const theirs = peopleGoOn(cut.current, tokens[next]);
    if (((actionStartsAt(tokens, next) && (!followOn || sameActor)) || sameActor || subjectClauseAt(tokens, next) || aside) && !conjoinedCondition && !sharedObject && !lastNoun && !secondObject && !serialVerb && !theirs) {
      flush(cut);
      cut.flags.continuesSubject = sameActor;
      cut.flags.conjoined = true;
      return index + 1;
    }
  }
  // "The agent checks the interior, closes the agreement, and emails…": the same person's next action after a comma.
  // ("At each venue the driver finds the coordinator, places…": after where, too.)
  if (started && endsClause(previous) && /,/.test(previous?.post ?? '') && (actorVerbAt(cut.current, leadingPlace(cut.current)) !== null || cut.flags.continuesSubject) && ((isThirdPersonVerb(token) && !isNoun(token)) || actsOnObject(tokens, index)) && tokens[index + 1] && !endsClause(token)) {
    flush(cut);
    cut.flags.continuesSubject = true;
    cut.flags.conjoined = true;
    cut.current.push(token);
    return index + 1;
  }
  return undefined;
}

/** Cuts before a step announced mid-sentence ("…the first thing is…"); the index to read on from, if the word was read. */
export function cutAtAnnouncement(cut: Cut, here: WordAt): number | undefined {
  const { tokens } = cut;
  const { index } = here;
  const announcement = cut.current.length > 0 ? longestPhraseAt(tokens, index, midAnnouncements) || thingToDoAt(tokens, index) : 0;
  if (!announcement) return undefined;
  // ("the first thing is…": the article is the announcement's.)
  if (cut.current.length === 1 && cut.current[0]!.norm === 'the') cut.current = [];
  flush(cut);
  cut.flags.sequenced = true;
  if (opensSteps(tokens.slice(index, index + announcement))) cut.flags.opensSteps = true;
  let next = index + announcement;
  // ("the first job is to clear the silt": the "to" is the announcement's too.)
  if (tokens[next]?.norm === 'to' && isBaseVerb(tokens[next + 1])) next++;
  return next;
}

/**
 * "check the tyres for cuts and the forks for cracks", "put the burr back on and the hopper back on":
 * after "and", a second object with the same preposition or particle as the first is the same
 * verb done again (not "the oil and the coolant", one step on two things).
 */
function gappedAt(current: Token[], tokens: Token[], at: number, closing = false): boolean {
  if (!['the', 'a', 'an', 'your', 'each', 'every', 'all'].includes(tokens[at]?.norm ?? '')) return false;
  let index = at + 1;
  while (index < tokens.length && index - at <= 4 && (isNoun(tokens[index]) || tokens[index]!.tags.has('Adjective')) && !(tokens[index]!.tags.has('Preposition') || particles.has(tokens[index]!.norm))) index++;
  const link = tokens[index];
  if (index === at + 1 || !link || !(link.tags.has('Preposition') || particles.has(link.norm)) || ['of', 'and', 'or'].includes(link.norm)) return false;
  // With no "and" said, the second object's particle must close it ("the hopper back on"), not lead to a place ("the number on the panel").
  const after = tokens[index + 1];
  if (closing && (!particles.has(link.norm) || (after && (determiners.has(after.norm) || isNoun(after))))) return false;
  // The first object's own preposition or particle, after the clause's verb and its object.
  const verbAt = current.findIndex((token) => isVerb(token) && !token.tags.has('Auxiliary'));
  return verbAt >= 0 && current.slice(verbAt + 2).some((token, offset) => token.norm === link.norm && (isNoun(current[verbAt + 1 + offset]) || current[verbAt + 1 + offset]!.tags.has('Pronoun')));
}

/** "name + photo ID": after a plus, a noun that procedures also use as a verb, before a bare noun, is one more thing. */
const plusJoinsThings = (tokens: Token[], at: number) =>
  nounsUsedAsVerbs.has(tokens[at]?.norm ?? '') && !isBaseVerb(tokens[at]) && !commonActionVerbs.has(tokens[at]!.norm) && isNoun(tokens[at + 1]) && !determiners.has(tokens[at + 1]!.norm);

/** Words a clause can stop on when the rest is understood: "if it doesn't", "if they can", "if not". */
const ellipticalEnds = new Set(['not', 'does', 'do', 'did', 'is', 'are', 'was', 'can', 'will', 'has', 'have', 'should', 'would', 'could']);

/** "first", "the first thing is", "what you do is", "here's how we do it": words that say the steps start here. */
function opensSteps(words: Token[]): boolean {
  const [opener] = words;
  return words.some((word) => ['first', 'firstly'].includes(word.norm)) || (['what', 'here', 'this', 'how'].includes(opener?.norm ?? '') && words.some((word) => word.norm === 'do'));
}
