// The last cuts of a sentence: before a word that opens a clause of its own.
import { commonActionVerbs, conditionStarts, determiners, subordinators, triggerStarts, verbGovernors } from '../language/lexicon';
import { canBeVerb, endsClause, isBaseVerb, isNoun, isVerb, nounsUsedAsVerbs, type Token } from '../language/tokens';
import { actorVerbAt, relativeThatAt, statementStartsAt } from './actors';
import { flush, type Cut, type WordAt } from './clause';
import { awaitsCheckedThingsVerb, awaitsComplementVerb, endsFiniteVerb, endsNegatedVerb, endsObject, endsParticle, endsPredicate, endsStateEitherWay, endsSubjectVerb, endsVerbGroup, hasTense, isGoverning, isSaid, qualifiedTail, reportsSpeech, sayingVerbs } from './clause-ends';
import { actionAfterAdverb, adjectiveOf, bareImperativeAt, compoundNounAt, fronted, stateAfterBecoming, jottedState, listsOn, objectOfPreposition, obligedRoleAt, peopleOf, prohibitionAt, stateClauseAt, strandedPreposition } from './clause-starts';
import { isParticiple, passiveAt, thingClauseAt } from './passives';
import { asksWhether, insideSubject, qualifyingClause, subordinatorAt } from './qualifiers';
import { hasVerb, isGenericPeople, isRole, isSubject, isSubjectPronoun, particles } from './words';

/** Cuts before the word where it opens a clause of its own: a condition, someone doing something, a statement, a caution or an instruction. */
export function cutBeforeWord(cut: Cut, here: WordAt, whenClauseDone: boolean) {
  const { tokens, speech } = cut;
  const { index, token, previous, started } = here;
  // A clause opened by "if", "once", "after"…, even where the tagger missed its verb ("once that goes through").
  // ("and before you leave the room ask them…": a join before the subordinator leaves it opening the clause.)
  const openedAt = cut.current.findIndex((word) => !['and', 'but', 'so', 'oh', 'then'].includes(word.norm));
  const opened = openedAt < 0 ? [] : cut.current.slice(openedAt);
  const qualifying = opened.length > 0 && (subordinatorAt(opened, 0) > 0 || conditionStarts.has(opened[0]!.norm) || triggerStarts.has(opened[0]!.norm));
  // ("you'll burn someone otherwise, it's happened": "otherwise" closing a clause belongs to it.)
  if (started && token.norm === 'otherwise' && !(index === tokens.length - 1 || endsClause(token))) {
    flush(cut);
  } else if (speech && started && previous?.norm === 'go' && tokens[index - 2]?.norm === 'you' && tokens[index - 3]?.norm === 'as' && !['and', 'or', 'then'].includes(token.norm)) {
    // ("check the dates as you go anything out of date goes in the bin": "as you go" closes what it says how to do.)
    flush(cut);
  } else if (speech && started && ['next', 'last'].includes(token.norm) && ['is', 's'].includes(tokens[index + 1]?.norm ?? '') && ['the', 'your', 'our'].includes(tokens[index + 2]?.norm ?? '') && !['the', 'a', 'an', 'your', 'our', 'their', 'my', 'his', 'her', 'its'].includes(previous?.norm ?? '') && !previous?.tags.has('Preposition')) {
    // ("…so leave those next is the defib switch it on": what comes next, announced, opens a clause of its own.)
    flush(cut);
  } else if ((started || topicBeforeCase(cut, here)) && subordinatorAt(tokens, index) && !((!speech || tokens[index + 1]?.tags.has('Value')) && caseGoesOnToWhen(opened, token)) && !asksWhether(tokens, index) && !asksOnWhether(cut.current, here, tokens) && !verbGovernors.has(previous?.norm ?? '') && !(previous && ['for', 'until', 'till', 'from', 'since'].includes(previous.norm)) && !(/^wait/.test(previous?.norm ?? '') && ['until', 'till'].includes(token.norm)) && !insideSubject(tokens, cut.current, index)) {
    // ("wait until the crew has given the all-clear": what to wait for, not a trigger.)
    flush(cut);
  } else if ((started || qualifying || fronted(cut.current, index === cut.current.length || cut.flags.sequenced) || jottedState(cut.current)) && endsClause(previous) && !listsOn(tokens, index) && !adjectiveOf(tokens, index) && actionAfterAdverb(tokens, index)) {
    flush(cut);
  } else if (
    whenClauseDone && isSubjectPronoun(token) && actorVerbAt(tokens, index) !== null &&
    !['if', 'whether', 'what', 'how', 'when', 'where', 'why'].includes(previous?.norm ?? '') && !(!speech && subordinators.has(previous?.norm ?? '')) && !(previous?.norm === 'that' && ['see', 'know', 'think', 'say', 'says', 'find', 'realise', 'realize', 'notice', 'sure', 'check'].includes(tokens[index - 2]?.norm ?? ''))
  ) {
    // ("before i touch anything i ask for id", "while they're doing that i print the wristband": after a clause that says
    // when, with its own subject and verb, the speaker's next subject and verb are the instruction.)
    flush(cut);
  } else if (started && qualifying && token.norm === 'that' && ['means', 'meant'].includes(tokens[index + 1]?.norm ?? '') && hasVerb(opened.slice(1))) {
    // ("if the ducks are quiet that means they're settling": what the case means is said of it, it is not part of it.)
    flush(cut);
  } else if (someoneActsAt(cut, here, qualifying)) {
    flush(cut);
  } else if (started && peopleOf(tokens, index) && tokens[index + 2] && !tokens[index + 3]?.tags.has('Gerund') && actorVerbAt(tokens, index + 2) !== null && !isGoverning(previous, tokens[index - 2])) {
    // ("…then the legs, and both of you check every loop": the people, then what they do, start anew.)
    flush(cut);
  } else if (instructionAfterQualifier(cut, here, qualifying)) {
    // "once the page loads click save": the trigger ends with its own verb.
    // ("when you get there you sign in": the subject goes with its verb.)
    const subject = isSubjectPronoun(previous) && cut.current.length > 2 ? cut.current.pop() : undefined;
    flush(cut);
    if (subject) cut.current.push(subject);
  } else if (speech && started && closingAdverbs.has(previous?.norm ?? '') && (statementStartsAt(tokens, index) || (isSubject(token) && tokens[index + 1]?.norm === 'have' && Boolean(tokens[index + 2]?.tags.has('PastTense'))))) {
    // "…first obviously i've seen people forget that": what the speaker has seen is an aside.
    flush(cut);
  // ("if there's bird mess that won't shift": in talk too, "that" after what there is says which.)
  } else if (started && statementStartsAt(tokens, index) && !((!speech || cut.current.some((word) => word.norm === 'there')) && relativeThatAt(tokens, index)) && !isGoverning(previous, tokens[index - 2]) && (endsObject(previous, tokens[index - 2]) || endsClause(previous))) {
    flush(cut);
  } else if (speech && started && cut.current.length >= 2 && determiners.has(token.norm) && (endsObject(previous, tokens[index - 2]) || endsPredicate(previous, tokens[index - 2]) || ((previous?.tags.has('Adjective') || isParticiple(previous)) && qualifyingClause(cut.current))) && (!isGoverning(previous, tokens[index - 2]) || contrastedOne(tokens, index)) && (passiveAt(tokens, index) !== null || stateClauseAt(tokens, index) || thingClauseAt(tokens, index)?.kind === 'motion')) {
    // "…on the boxes the address is printed on the label": a new subject after an object.
    // ("…with the green cloth not the red one the red cloths are only for toilets": after the one it is not, too.)
    flush(cut);
  } else if (started && /,/.test(previous?.post ?? '') && cut.current.length >= 2 && thingClauseAt(tokens, index)?.kind === 'motion') {
    // ("That's a must, old tyres go in the cage": after a comma, where a thing goes is a clause of its own.)
    flush(cut);
  } else if (speech && started && token.norm === 'just' && index + 1 < tokens.length && tokens[index + 1]!.norm !== 'use' && bareImperativeAt(tokens, index + 1) && endsObject(previous, tokens[index - 2]) && !previous?.tags.has('Adverb') && !isGoverning(previous, tokens[index - 2]) && !qualifyingClause(cut.current)) {
    // ("cut the release branch just follow the naming in the wiki": "just" and a bare verb after an object start the next step;
    // "…as the tank just use the thermometer" says how to do the step just said.)
    flush(cut);
  } else if (speech && started && remarkOnStep(cut, here)) {
    // ("go out always two people never one on their own that's for safety", "don't wave cars on that's not our job": a remark on the step just said.)
    flush(cut);
  } else if (speech && started && statementStartsAt(tokens, index) && hasTense(tokens[index + 1]) && !isGoverning(previous, tokens[index - 2]) && !qualifyingClause(cut.current) && endsVerbGroup(previous)) {
    // "let it run it takes about forty minutes", "make sure it's collected that's the one thing people forget".
    flush(cut);
  } else if (speech && cut.current.length >= 2 && prohibitionAt(tokens, index) && !isGenericPeople(tokens, index - 1) && !verbGovernors.has(previous?.norm ?? '') && !['that', 'sure', 'if', 'when', 'so', 'or'].includes(previous?.norm ?? '') && (qualifyingClause(cut.current) ? cut.current.slice(1).some((word) => isVerb(word)) : started)) {
    // "roll back right away don't wait for anyone": a caution said after the step; "if it's over 41 don't use it": after its condition.
    // ("…not the waiting area we don't want that": the subject goes with its verb.)
    const subject = isSubject(previous) && cut.current.length > 2 ? cut.current.pop() : undefined;
    flush(cut);
    if (subject) cut.current.push(subject);
  } else if (!speech && /,/.test(previous?.post ?? '') && qualifyingClause(cut.current) && cut.current.slice(1).some((word) => isVerb(word)) && prohibitionAt(tokens, index)) {
    // ("If it is wet, never lift the lid", "Before you start, don't top up the hopper": what is forbidden in the case, after its comma.)
    flush(cut);
  } else if (speech && started && token.norm === 'no' && Boolean(tokens[index + 1]?.tags.has('Gerund')) && endsObject(previous, tokens[index - 2])) {
    // ("chilled stuff goes straight in the cold room no waiting around": what is not to happen, said after, is a remark on it.)
    flush(cut);
  } else if (imperativeInSpeech(cut, here)) {
    flush(cut);
  }
}

/** Someone doing something starts a clause at the word ("…the porter checks", "you sign"), unless the words before govern it. */
function someoneActsAt(cut: Cut, here: WordAt, qualifying: boolean): boolean {
  const { tokens, speech } = cut;
  const { index, token, previous, started } = here;
  return (
    // ("the first thing is gloves the heavy duty ones and you drop any sharps…": after things named with no verb, "and you" + verb starts anew.)
    (started || qualifying || (speech && cut.current.length >= 4 && previous?.norm === 'and' && isSubjectPronoun(token))) &&
    actorVerbAt(tokens, index) !== null &&
    // "two people walk it": the number belongs to the people; "the waiter's friend" is one thing.
    // ("worry about that we check…": a demonstrative after a preposition is its object.)
    !(previous && (previous.tags.has('Value') || determiners.has(previous.norm) || /['’]s$/.test(previous.text)) && !endsClause(previous) && !isSaid(previous, tokens[index - 2]) && !(['that', 'this'].includes(previous.norm) && tokens[index - 2]?.tags.has('Preposition'))) &&
    (!isGoverning(previous, tokens[index - 2]) || obligedRoleAt(tokens, index)) &&
    !reportsSpeech(cut.current) &&
    !strandedPreposition(tokens, index) &&
    !relativeOnSubject(tokens, index) &&
    // ("one of you guiding her", "both of you check": "of you" is no subject of its own; the people are.)
    !(previous?.norm === 'of' && peopleOf(tokens, index - 2)) &&
    !(!isSubject(token) && objectOfPreposition(tokens, index)) &&
    // ("on the all-office teams channel": a word after an article and its adjective is inside the noun phrase.)
    // ("which the first assistant director leads": or its ordinal before a compound, whatever the tagger made of it.)
    !(!isSubject(token) && (previous?.tags.has('Adjective') || ((previous?.tags.has('Ordinal') || ordinals.has(previous?.norm ?? '')) && isNoun(tokens[index + 1]))) && determiners.has(tokens[index - 2]?.norm ?? '') && !endsClause(previous)) &&
    // ("the assistant director leads": one role named in two words.)
    !(!isSubject(token) && isRole(token) && previous?.tags.has('Actor') && isNoun(previous) && !previous.tags.has('Plural') && !endsClause(previous)) &&
    // ("…and asks the standard security questions about…": in writing, a thing named right after a verb that is still
    // without its object is that object, whatever the tagger made of the word after it.)
    !(!speech && determiners.has(token.norm) && endsFiniteVerb(previous) && !endsClause(previous) && /s$/.test(previous!.norm) && !isSaid(previous, tokens[index - 2])) &&
    (isSubject(token) || endsFiniteVerb(previous) || endsObject(previous, tokens[index - 2]) || obligedRoleAt(tokens, index))
  );
}

/** After a condition or trigger with its verb ("once the page loads"), a bare instruction starts a clause at the word. */
function instructionAfterQualifier(cut: Cut, here: WordAt, qualifying: boolean): boolean {
  const { tokens } = cut;
  const { index, token, previous } = here;
  return Boolean(
    (qualifying || qualifiedTail(cut.current)) &&
      !isGenericPeople(tokens, index - 1) &&
      hasVerb(cut.current.slice(1)) &&
      // The word must be a verb for the tagger or one procedures use: "…wants time off" is an object.
      (isBaseVerb(token) || commonActionVerbs.has(token.norm) || nounsUsedAsVerbs.has(token.norm)) &&
      (bareImperativeAt(tokens, index) || (commonActionVerbs.has(token.norm) && !isSubject(tokens[index + 1]) && !statementStartsAt(tokens, index + 1))) &&
      // "the order number –": a noun closing its phrase, not a verb with nothing to act on.
      !(isNoun(token) && !isVerb(token) && (endsClause(token) || index === tokens.length - 1)) &&
      // ("even if the customer says leave it": what someone says is theirs, not an instruction.)
      !sayingVerbs.has(previous?.norm ?? '') &&
      // ("if the panel shows a fault before you start, stop…": the verb of a when-clause's own subject is that clause's.)
      !(!cut.speech && isSubjectPronoun(previous) && subordinators.has(tokens[index - 2]?.norm ?? '')) &&
      !compoundNounAt(tokens, index) &&
      !stateAfterBecoming(tokens, index) &&
      // ("if it came by email or Teams": after a preposition that is no particle comes its object.)
      !(['by', 'with', 'for', 'from', 'of', 'via', 'at', 'to', 'into', 'onto', 'about', 'per'].includes(previous?.norm ?? '') && !endsClause(previous)) &&
      // ("before leaving for the first visit of the shift": the noun after an article and an ordinal or adjective.)
      !(isNoun(token) && !isVerb(token) && determiners.has(tokens[index - 2]?.norm ?? '') && Boolean(previous?.tags.has('Ordinal') || previous?.tags.has('Adjective')) && !endsClause(previous)) &&
      (endsFiniteVerb(previous) || endsObject(previous, tokens[index - 2]) || (previous?.tags.has('Adjective') && (isVerb(tokens[index - 2]) || (isBaseVerb(token) && !isNoun(token)) || (['it', 'them'].includes(tokens[index + 1]?.norm ?? '') && canBeVerb(token.norm)))) || (particles.has(previous?.norm ?? '') && commonActionVerbs.has(token.norm)) || (endsSubjectVerb(previous, tokens[index - 2]) && !endsClause(token) && index < tokens.length - 1)),
  );
}

/** In speech, a bare imperative after the last clause's object or state starts a clause at the word. */
function imperativeInSpeech(cut: Cut, here: WordAt): boolean {
  const { tokens, speech } = cut;
  const { index, token, previous, started } = here;
  const { current } = cut;
  return (
    speech &&
    started &&
    current.length >= 2 &&
    bareImperativeAt(tokens, index) &&
    !isGenericPeople(tokens, index - 1) &&
    // ("don't keep trying turn the gas off": a verb's "-ing" complement, said whole, ends it too.)
    (endsObject(previous, tokens[index - 2]) || endsPredicate(previous, tokens[index - 2]) || endsStateEitherWay(tokens, index) || endsParticle(previous, tokens[index - 2], tokens[index - 3], token) || endsNegatedVerb(previous, tokens[index - 2]) || (Boolean(previous?.tags.has('Gerund')) && ['keep', 'stop', 'start', 'avoid', 'quit'].includes(tokens[index - 2]?.norm ?? ''))) &&
    // ("you watch them take it": a causative's object, then what they do; "you get on | put…" has a particle, no object.)
    !(causatives.has(current[isSubject(current[0]) ? 1 : 0]?.norm ?? '') && current.length <= (isSubject(current[0]) ? 4 : 3) && !particles.has(current[current.length - 1]!.norm)) &&
    // ("tape the entrance shut strap the box": the state the object is left in, then the next verb.)
    !(resultStates.has(token.norm) && bareImperativeAt(tokens, index + 1)) &&
    !awaitsComplementVerb(current) &&
    !awaitsCheckedThingsVerb(current, token) &&
    !introducesHowTo(current)
  );
}

/**
 * "if the panel shows a fault before you start, stop…": in writing, when, said after a case with its verb, is part of the case;
 * in talk only a count ("if it hasn't caught after three goes"), the case's end being unsaid.
 */
const caseGoesOnToWhen = (opened: Token[], token: Token) =>
  conditionStarts.has(opened[0]?.norm ?? '') && ['before', 'after', 'when', 'while', 'once'].includes(token.norm) && hasVerb(opened.slice(1)) && !opened.some((word) => /[,;:]/.test(word.post));

/** "…and fuel if it's under three quarters go and fill up": in talk, a thing named, then the case its step is done in. */
function topicBeforeCase({ options, current }: Cut, { token }: WordAt): boolean {
  const named = current.filter((word) => !['and', 'but', 'so', 'oh', 'then'].includes(word.norm));
  return !options.terse && named.length >= 1 && named.length <= 2 && ['if', 'when', 'once', 'unless'].includes(token.norm) && named.every((word) => isNoun(word) && !isVerb(word) && !isSubject(word));
}

/** "…, and the way we handle this call is remembered": "we handle this call" says which way; the way is what is remembered. */
function relativeOnSubject(tokens: Token[], at: number): boolean {
  const opener = tokens[at - 3];
  if (!isSubjectPronoun(tokens[at]) || !isNoun(tokens[at - 1]) || endsClause(tokens[at - 1]) || !determiners.has(tokens[at - 2]?.norm ?? '') || !(opener === undefined || endsClause(opener) || ['and', 'but'].includes(opener.norm))) return false;
  const rest = tokens.slice(at + 2, at + 8);
  const copula = rest.findIndex((token) => ['is', 'are', 'was', 'were'].includes(token.norm));
  return copula > 0 && !rest.slice(0, copula).some((token) => endsClause(token) || ['and', 'then'].includes(token.norm));
}

/** "ask about allergies, or if they're on blood thinners": one more thing asked, not a condition ("…, and if so we rebook" is one). */
const asksOnWhether = (current: Token[], { token, previous, index }: WordAt, tokens: Token[]) =>
  ['if', 'whether'].includes(token.norm) && ['or', 'and'].includes(previous?.norm ?? '') && !['so', 'not', 'yes', 'no'].includes(tokens[index + 1]?.norm ?? '') && current.some((word) => ['ask', 'asks', 'asking'].includes(word.norm));

/** "this is how we do the morning check on…": a preamble naming the procedure, not a step. */
const introducesHowTo = (current: Token[]) =>
  ['this', 'here', 'that'].includes(current[0]?.norm ?? '') && current.slice(1, 4).some((token) => token.norm === 'how');

/** "let it run", "have them sign": the verb after a causative's object belongs to it. */
const causatives = new Set(['let', 'lets', 'make', 'makes', 'have', 'has', 'help', 'helps', 'watch', 'see', 'hear', 'get']);

/** "that's for safety", "it's urgent" after a step whose last word ends a phrase (not "make sure that is done", "where it is"). */
function remarkOnStep({ tokens, current }: Cut, { index, token, previous }: WordAt): boolean {
  const copula = tokens[index + 1];
  if (!['that', 'it'].includes(token.norm) || !copula || !['is', 'was'].includes(copula.norm) || !previous || current.length < 3) return false;
  // ("so assuming it's fine": after "assuming", "providing", what is assumed.)
  if (isGoverning(previous, tokens[index - 2]) || previous.tags.has('Gerund') || ['assuming', 'providing', 'provided', 'given', 'supposing'].includes(previous.norm) || determiners.has(previous.norm) || previous.tags.has('Conjunction') || (isVerb(previous) && !particles.has(previous.norm)) || (previous.tags.has('Preposition') && !particles.has(previous.norm))) return false;
  // ("that's" before a participle is a passive said of the step: "that's done by the office".)
  return !isParticiple(tokens[index + 2]) && !qualifyingClause(current);
}

/** "…not the red one the red cloths are…": "one" after what it is not ends that phrase; it says which, it governs nothing. */
const contrastedOne = (tokens: Token[], at: number) => ['one', 'ones'].includes(tokens[at - 1]?.norm ?? '') && tokens.slice(Math.max(0, at - 5), at - 1).some((token) => token.norm === 'not');

/** Ordinals the tagger can take for a name ("the first assistant director"). */
const ordinals = new Set(['first', 'second', 'third', 'fourth', 'last', 'next', 'final']);

/** States a thing is left in after the verb: "tape it shut", "wipe it dry". */
const resultStates = new Set(['shut', 'closed', 'open', 'tight', 'dry', 'clean', 'flat', 'straight', 'level', 'clear']);

/** Adverbs a speaker closes a clause with ("…first obviously i've seen people forget that"). */
const closingAdverbs = new Set(['obviously', 'honestly', 'basically', 'anyway', 'though', 'really', 'definitely', 'seriously']);
