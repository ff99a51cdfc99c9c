// Clauses about a thing: a passive instruction, what needs doing to it, or where it goes.
import { auxiliaryWords, determiners, subjectPronouns } from '../language/lexicon';
import { canBeVerb, endsClause, isNoun, isVerb, toInfinitive, type Token } from '../language/tokens';
import { everyone, isRole } from './words';

/** "The status is changed…", "the form must be signed…": a passive instruction from `at`; the participle's index. */
export function passiveAt(tokens: Token[], at: number): number | null {
  let index = at;
  // "Hot and cold items should be bagged": the subject may join words with "and"/"or".
  // ("Crates are stacked…": a plural the tagger read as a verb, right before "are".)
  const pluralBeforeAre = (token: Token | undefined, next: Token | undefined) => Boolean(token && /[a-z]s$/.test(token.norm) && token.tags.has('PresentTense') && ['are', 'were'].includes(next?.norm ?? ''));
  // ("the time of lock-up": words joined by a hyphen are one noun.)
  const hyphened = (token: Token) => token.post === '-' || tokens[tokens.indexOf(token) - 1]?.post === '-';
  const inSubject = (token: Token, next: Token | undefined) =>
    determiners.has(token.norm) || isNoun(token) || pluralBeforeAre(token, next) || (index > at && hyphened(token)) ||
    // ("the deadline for the reply is then diarised": a phrase saying which thing.)
    (['of', 'for', 'from', 'on', 'in', 'at', 'with', 'to'].includes(token.norm) && index > at && isNoun(tokens[index - 1]) && Boolean(next && (determiners.has(next.norm) || isNoun(next) || next.post === '-'))) || token.tags.has('Adjective') || token.tags.has('Possessive') || (token.tags.has('Ordinal') && index > at && determiners.has(tokens[index - 1]!.norm)) || (token.norm === 'one' && index > at && ['each', 'every', 'the'].includes(tokens[index - 1]!.norm)) || (['and', 'or'].includes(token.norm) && index > at && Boolean(next && (isNoun(next) || next.tags.has('Adjective') || determiners.has(next.norm))));
  // ("Everyone else is assessed against the criteria": everyone is acted on, as a thing would be.)
  const everyoneElse = everyone.has(tokens[at]?.norm ?? '') ? (tokens[at + 1]?.norm === 'else' ? 2 : 1) : 0;
  if (everyoneElse) index += everyoneElse;
  // (A subject runs to no comma: "…at pick-up, a refuelling charge is added" has its own.)
  else while (index < tokens.length && index - at < 8 && inSubject(tokens[index]!, tokens[index + 1]) && !(index > at && /[,;:]/.test(tokens[index - 1]!.post))) index++;
  // ("each one is sandbagged": "one" stands for the thing.)
  const oneFor = tokens[index - 1]?.norm === 'one' && ['each', 'every', 'the'].includes(tokens[index - 2]?.norm ?? '');
  if (!everyoneElse && (index === at || (!isNoun(tokens[index - 1]) && !oneFor && !pluralBeforeAre(tokens[index - 1], tokens[index]) && !(index - 1 > at && hyphened(tokens[index - 1]!))) || tokens[at]!.tags.has('Pronoun'))) return null;
  while (index < tokens.length && auxiliaryWords.has(tokens[index]!.norm) && !['be', 'is', 'are', 'get', 'gets'].includes(tokens[index]!.norm)) index++;
  if (!['be', 'is', 'are', 'get', 'gets', 'been'].includes(tokens[index]?.norm ?? '')) return null;
  // "is then sent", "are always checked": an adverb between the auxiliary and the participle.
  let participleAt = index + 1;
  while (passiveAdverbs.has(tokens[participleAt]?.norm ?? '')) participleAt++;
  const participle = tokens[participleAt];
  if (!participle || !(participle.tags.has('PastTense') || participle.tags.has('Participle') || participle.tags.has('Passive') || markedPassive(tokens[index], participle))) return null;
  return participleAt;
}

/** "a refuelling charge is added": the tagger marks the auxiliary passive where it calls the participle an adjective. */
const markedPassive = (auxiliary: Token | undefined, participle: Token | undefined) =>
  // ("unused", "unopened" are states: "un-" makes an adjective.)
  // ("the whole load is reprocessed": where the tagger marks neither, an -ed word that is no state is done to it;
  // "refitted" is "refit" done.)
  Boolean((auxiliary?.tags.has('Passive') || (participle && !stateParticiples.has(participle.norm))) && participle && /ed$/.test(participle.norm) && !/^un/.test(participle.norm) && (canBeVerb(participle.norm.replace(/d$/, '')) || canBeVerb(participle.norm.replace(/ed$/, '')) || canBeVerb(participle.norm.replace(/([^aeiou])\1ed$/, '$1'))));

/** Participles that say what state a thing is in, not what is done to it: "the bag is damaged". */
export const stateParticiples = new Set('damaged broken expired soiled stained cracked chipped torn worn bent blocked jammed tired qualified required needed allowed permitted entitled supposed located based involved concerned interested closed locked opened finished used aged faded frayed kinked loosened scratched dented bruised inflamed infected contaminated overdue overloaded underfilled overfilled wet dried cooled heated'.split(' '));

const passiveAdverbs = new Set(['then', 'also', 'usually', 'always', 'normally', 'immediately', 'finally', 'next', 'now', 'first', 'promptly', 'carefully', 'just', 'only', 'simply', 'still']);

/** "the van needs loading: two urns…" → the tokens of "load the van: two urns…"; null when the clause says no such thing. */
export function needsDoing(tokens: Token[]): Token[] | null {
  const at = tokens.findIndex((token, index) => index > 0 && index <= 5 && ['need', 'needs', 'want', 'wants'].includes(token.norm));
  const doing = tokens[at + 1];
  if (at < 0 || !doing?.tags.has('Gerund') || !canBeVerb(toInfinitive(doing.norm))) return null;
  const thing = tokens.slice(0, at);
  if (!thing.every((token, index) => isNoun(token) || token.tags.has('Adjective') || (index === 0 && determiners.has(token.norm)) || (thing.length === 1 && ['it', 'they'].includes(token.norm))) || !(isNoun(thing[thing.length - 1]) || ['it', 'they'].includes(thing[0]!.norm))) return null;
  const object = thing.map((token, index) => (index === 0 ? { ...token, text: token.norm === 'they' ? 'them' : token.text.charAt(0).toLowerCase() + token.text.slice(1) } : token));
  const verb = { ...doing, text: toInfinitive(doing.norm), tags: new Set(['Verb', 'Infinitive', 'Imperative']) };
  // (What follows the verb follows the thing: "the van needs loading: two urns" → "load the van: two urns".)
  object[object.length - 1] = { ...object[object.length - 1]!, post: doing.post };
  verb.post = ' ';
  return [verb, ...object, ...tokens.slice(at + 2)];
}

/**
 * A clause about a thing that says what to do with it: a passive ("Claims over £10,000 must
 * be referred to a senior handler", "Samples that can't be run today are aliquoted") or where
 * it goes ("The cash goes in the deposit bag", "Refunds go back to the original card"). The
 * subject may carry a phrase or a relative clause; the verb group's index and the verb's.
 */
export interface ThingClause {
  kind: 'passive' | 'motion' | 'stay';
  /** Where the subject ends (the verb group starts). */
  subjectEnd: number;
  /** The participle, or "go(es)". */
  verbAt: number;
  plural: boolean;
}

export function thingClauseAt(tokens: Token[], at = 0): ThingClause | null {
  const first = tokens[at];
  // ("that cow's milk goes in the bucket": "that" before a noun is its determiner.)
  const demonstrative = ['that', 'this'].includes(first?.norm ?? '') && isNoun(tokens[at + 1]) && !isVerb(tokens[at + 1]);
  // ("anything you find goes in a bag", "everything we collect goes in the crate": what someone finds or collects, said with its own verb.)
  const whatIsFound = ['anything', 'everything', 'whatever'].includes(first?.norm ?? '') && subjectPronouns.has(tokens[at + 1]?.norm ?? '') && isVerb(tokens[at + 2]);
  if (whatIsFound) {
    const rest = thingClauseAt([{ ...first!, norm: 'thing', tags: new Set(['Noun', 'Singular']) }, ...tokens.slice(at + 3)], 0);
    return rest?.kind === 'motion' ? { ...rest, subjectEnd: rest.subjectEnd + at + 2, verbAt: rest.verbAt + at + 2 } : null;
  }
  if (!first || (!demonstrative && (first.tags.has('Pronoun') || subjectPronouns.has(first.norm) || ['this', 'that', 'these', 'those', 'it', 'there', 'what', 'which'].includes(first.norm)))) return null;
  // ("Torn cloths go in the repair pile": a state before the thing, which the tagger may read as a past tense.)
  const stateFirst = isParticiple(first) && isNoun(tokens[at + 1]) && !isVerb(tokens[at + 1]);
  if (!(determiners.has(first.norm) || isNoun(first) || first.tags.has('Adjective') || first.tags.has('Value') || stateFirst)) return null;
  // ("friday at 3 you go in": someone named after the time is who goes, not a thing.)
  const personAt = tokens.findIndex((token, index) => index > at && index - at <= 6 && subjectPronouns.has(token.norm));
  let relativeAt = -1;
  let relativeVerb = false;
  for (let index = at + 1; index < tokens.length && index - at <= 14; index++) {
    const token = tokens[index]!;
    const previous = tokens[index - 1]!;
    // ("…the spray bottle next a fresh bib goes…": a sequence word ends the thing.)
    // ("all the o-rings, and everything goes in the sink": a comma and "and" start another clause, with its own subject.)
    if (/[.;:!?]/.test(previous.post) || ['next', 'finally'].includes(token.norm) || (/,/.test(previous.post) && ['and', 'but', 'or'].includes(token.norm))) return null;
    if (relativePronouns.has(token.norm)) {
      if (relativeAt < 0) relativeAt = index;
      continue;
    }
    // The verb group: modals and auxiliaries, then "be/get" + participle or "go".
    let group = index;
    while (group < tokens.length && group - index < 4 && (tokens[group]!.tags.has('Modal') || groupWords.has(tokens[group]!.norm))) group++;
    const startsGroup = group > index || beForms.has(token.norm) || goForms.has(token.norm) || stayForms.has(token.norm);
    if (!startsGroup) {
      // "Every case lock in the galleries", "coins galleries": a word inside a noun phrase, not its verb.
      if (relativeAt < 0 && inNounPhrase(tokens, index)) continue;
      if (isVerb(token) && !token.tags.has('Gerund') && !isParticiple(token)) {
        // "Samples that can't be run…": the relative clause has a verb of its own.
        if (relativeAt >= 0) relativeVerb = true;
        else return null;
      }
      continue;
    }
    // Still inside the relative clause: its own verb group.
    if (relativeAt >= 0 && (!relativeVerb || isVerb(previous) || previous.tags.has('Negative') || previous.norm === 'not')) {
      relativeVerb = true;
      continue;
    }
    const subjectHead = tokens.slice(at, relativeAt >= 0 ? relativeAt : index).reverse().find((candidate) => isNoun(candidate));
    if (!subjectHead || (personAt > at && personAt < index && relativeAt < 0)) return null;
    const verb = tokens[group];
    const plural = subjectHead.tags.has('Plural');
    if (verb && beForms.has(verb.norm) && verb.norm !== 'been') {
      const participle = group + 1 + (tokens[group + 1]?.norm === 'been' ? 1 : 0);
      // "a refuelling charge is added": the tagger marks the auxiliary passive where it calls the participle an adjective.
      return isParticiple(tokens[participle]) || markedPassive(verb, tokens[participle]) ? { kind: 'passive', subjectEnd: index, verbAt: participle, plural } : null;
    }
    if (verb && goForms.has(verb.norm) && !isPerson(subjectHead)) {
      let place = group + 1;
      if (motionAdverbs.has(tokens[place]?.norm ?? '')) place++;
      // ("coats and bags go at the back of the hall", "behind the counter": a position, never a time.)
      const atPosition = tokens[place]?.norm === 'at' && tokens[place + 1]?.norm === 'the' && ['back', 'front', 'end', 'side', 'top', 'bottom', 'rear'].includes(tokens[place + 2]?.norm ?? '');
      // ("floor mats go out the back", "the peelings go down the chute": the adverb is the way, a place after it.)
      const along = wayAdverbs.has(tokens[group + 1]?.norm ?? '') && tokens[group + 2]?.norm === 'the';
      return atPosition || along || ['in', 'into', 'on', 'onto', 'to', 'under', 'inside', 'behind', 'beside', 'underneath'].includes(tokens[place]?.norm ?? '') ? { kind: 'motion', subjectEnd: index, verbAt: group, plural } : null;
    }
    // ("The wristband stays on until the end of the day", "the lid remains closed": where it is kept.)
    if (verb && stayForms.has(verb.norm) && !isPerson(subjectHead)) {
      const next = tokens[group + 1]?.norm ?? '';
      return keptStates.has(next) || ['in', 'on', 'inside', 'with', 'at', 'behind', 'under'].includes(next) ? { kind: 'stay', subjectEnd: index, verbAt: group, plural } : null;
    }
    return null;
  }
  return null;
}

const stayForms = new Set(['stay', 'stays', 'remain', 'remains']);
const keptStates = new Set(['on', 'off', 'open', 'closed', 'shut', 'locked', 'down', 'up', 'out', 'in', 'switched', 'plugged', 'sealed', 'covered']);

/** A verb-tagged word between a determiner, noun or adjective and a noun or preposition: "case lock in", "coins galleries". */
function inNounPhrase(tokens: Token[], at: number): boolean {
  const before = tokens[at - 1];
  const after = tokens[at + 1];
  if (!before || !after || !isVerb(tokens[at]) || endsClause(before)) return false;
  const nominalBefore = determiners.has(before.norm) || isNoun(before) || before.tags.has('Adjective') || (['and', 'or'].includes(before.norm) && (isNoun(tokens[at - 2]) || Boolean(tokens[at - 2]?.tags.has('Adjective'))));
  return nominalBefore && (isNoun(after) && !determiners.has(after.norm) || (after.tags.has('Preposition') && determiners.has(tokens[at + 2]?.norm ?? '')));
}

/** Past participles spelt like the verb ("are set aside", "is put away"): the tagger often reads them as nouns. */
export const bareParticiples = new Set(['set', 'put', 'cut', 'shut', 'spread', 'split', 'hit', 'upset']);
const beForms = new Set(['is', 'are', 'be', 'get', 'gets', 'been']);
const goForms = new Set(['go', 'goes']);
const relativePronouns = new Set(['that', 'who', 'which', 'whose']);

export const isParticiple = (token: Token | undefined) =>
  Boolean(token && (token.tags.has('PastTense') || token.tags.has('Participle') || token.tags.has('Passive') || bareParticiples.has(token.norm)) && !token.tags.has('Gerund') && !token.tags.has('Adjective'));

/** Whether the head of a subject is someone rather than something ("everyone goes out", "the nurse is called"). */
const isPerson = (token: Token | undefined) => Boolean(token && (token.tags.has('Actor') || token.tags.has('Person') || isRole(token) || subjectPronouns.has(token.norm)));

/** "goes back in", "goes down on the tray": how a thing goes before where. */
export const motionAdverbs = new Set(['back', 'straight', 'right', 'down', 'up', 'over', 'out', 'through', 'across', 'round', 'along']);

/** Adverbs that say which way before a place with no preposition: "out the back", "down the chute" ("go through the portal" is how a thing is handled, not where it is put). */
export const wayAdverbs = new Set(['down', 'up', 'out', 'across', 'round', 'along']);

const groupWords = new Set(['has', 'have', 'need', 'needs', 'to', 'always', 'usually', 'normally', 'then', 'also', 'never', 'all', 'should', 'must', 'will', 'can', 'not', 'just']);
