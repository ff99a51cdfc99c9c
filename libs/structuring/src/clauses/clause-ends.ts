// Tests of the word before a cut: whether a clause can end there.
import { checkingVerbs, determiners, stateVerbs, subordinators, verbGovernors } from '../language/lexicon';
import { endsClause, isBaseVerb, isNoun, isNounWord, isVerb, type Token } from '../language/tokens';
import { isParticiple } from './passives';
import { isSubject, particles } from './words';

/** Words after which "you + verb" continues the clause: "make sure you", "so that you", "the first thing is you". */
export function isGoverning(previous: Token | undefined, beforePrevious?: Token): boolean {
  if (!previous) return true;
  // ("if you're not sure you put it under the torch": "not sure" ends its clause; "make sure you" goes on.)
  if (previous.norm === 'sure' && beforePrevious?.norm === 'not') return false;
  // ("don't worry about that we just check the exits": after a preposition "that" is its object, and the clause ends.)
  // ("from the till it's under manager functions": after an article "till" is the cash till.)
  if (previous.norm === 'till' && ['the', 'a', 'an', 'your', 'our', 'their', 'my', 'each', 'every'].includes(beforePrevious?.norm ?? '')) return false;
  if (previous.norm === 'that' && beforePrevious?.tags.has('Preposition') && !/^(?:so|such|now|given|provided)$/.test(beforePrevious.norm)) return false;
  // ("how long they think they'll be off": what someone else thinks is said after their verb.)
  if (['think', 'thinks', 'reckon', 'reckons', 'expect', 'expects'].includes(previous.norm) && ['they', 'he', 'she', 'someone', 'somebody'].includes(beforePrevious?.norm ?? '')) return true;
  return (
    verbGovernors.has(previous.norm) ||
    stateVerbs.has(previous.norm) ||
    // ("check you can see bubbles", "ensure they've signed": what is checked is said after the verb.)
    // ("…has been cleared, confirming everyone is off site": so after "confirming", "checking", "saying";
    // "that means it's done": what something means.)
    // ("do the walk round check you look at…": read as a thing after its article or adjective, "check" is what is done, not what is checked.)
    (['check', 'checks', 'ensure', 'confirm', 'verify', 'see', 'remember', 'say', 'says', 'confirming', 'checking', 'ensuring', 'making', 'saying', 'showing', 'meaning', 'means', 'mean', 'meant'].includes(previous.norm) && !/[,;:.]/.test(previous.post) && !(isNoun(previous) && !isVerb(previous) && beforePrevious && (determiners.has(beforePrevious.norm) || beforePrevious.tags.has('Adjective')))) ||
    ['that', 'sure', 'or', 'one', 'ones', 'thing', 'things', 'anything', 'everything', 'something', 'nothing', 'if', 'when', 'once', 'unless', 'until', 'till', 'before', 'after', 'while', 'where', 'what', 'how', 'whether', 'because', 'so', 'as', 'than', 'like'].includes(previous.norm)
  );
}

/** A finite verb with no object after it ("loads", "beeps", "is done"). */
export function endsFiniteVerb(previous: Token | undefined): boolean {
  if (!previous || !isVerb(previous) || isBaseVerb(previous) || previous.tags.has('Auxiliary') || previous.tags.has('Copula')) return false;
  return previous.tags.has('PresentTense') || previous.tags.has('PastTense');
}

/** The end of an object or a phrase: where a bare imperative can start the next clause in speech. */
export function endsObject(previous: Token | undefined, beforePrevious?: Token): boolean {
  if (isSaid(previous, beforePrevious)) return true;

  // "they pay for that test the keys", "do this then…": a demonstrative after a preposition or a verb is the object itself.
  if (previous && beforePrevious && ['that', 'this', 'those', 'these'].includes(previous.norm) && (beforePrevious.tags.has('Preposition') || isVerb(beforePrevious)) && !beforePrevious.tags.has('Copula')) return true;
  // "from the till": a word after a determiner is a noun, whatever the tagger said.
  if (previous && beforePrevious && determiners.has(beforePrevious.norm) && !determiners.has(previous.norm) && !isVerb(previous) && !previous.tags.has('Adjective') && !corePrepositions.has(previous.norm)) return true;
  if (!previous || determiners.has(previous.norm) || verbGovernors.has(previous.norm) || previous.tags.has('Preposition')) return false;
  // "give you", "tell them": only I, we, they, he and she cannot end an object.
  if (previous.tags.has('Conjunction') || previous.tags.has('Auxiliary') || ['i', 'we', 'they', 'he', 'she'].includes(previous.norm)) return false;
  // ("check the dates as you go": after "as", "while" or "when", "you" is the next verb's subject.)
  if (previous.norm === 'you' && (beforePrevious?.norm === 'as' || subordinators.has(beforePrevious?.norm ?? ''))) return false;
  if (['just', 'also', 'then', 'please', 'simply', 'only', 'even', 'really', 'not', 'never', 'always', 'usually'].includes(previous.norm)) return false;
  return isNoun(previous) || previous.tags.has('Value') || previous.tags.has('Adverb') || previous.tags.has('Particle') || previous.tags.has('Pronoun');
}

/** Prepositions that stay prepositions even after "the" ("the on call"); "till" is not among them. */
const corePrepositions = new Set(['on', 'in', 'at', 'of', 'for', 'to', 'by', 'with', 'up', 'off', 'out', 'over', 'under', 'from', 'into']);

/** "(if they) say no": what is said, the object of the verb of saying. */
export const isSaid = (word: Token | undefined, before: Token | undefined) => Boolean(word && before && ['no', 'yes', 'ok', 'okay'].includes(word.norm) && ['say', 'says', 'said', 'answer', 'answers'].includes(before.norm));

/** "tell the customer (you're getting a supervisor)": a verb of saying and its listener, whose next words are what is said. */
export function reportsSpeech(current: Token[]): boolean {
  const verbAt = current.findIndex((token) => sayingVerbs.has(token.norm));
  // ("if they say no you call…": a yes or a no is all that was said.)
  if (isSaid(current[current.length - 1], current[current.length - 2])) return false;
  return verbAt >= 0 && current.length - verbAt <= 4 && current.slice(verbAt + 1).every((token) => !isVerb(token));
}
export const sayingVerbs = new Set('tell tells told explain explains say says said inform informs warn warns remind reminds assure assures'.split(' '));

/** A verb, its particle or an adverb closing a verb group ("let it run", "turn it on", "right away"). */
export function endsVerbGroup(previous: Token | undefined): boolean {
  if (!previous || previous.tags.has('Auxiliary') || previous.tags.has('Copula') || verbGovernors.has(previous.norm)) return false;
  if (isVerb(previous)) return !complementVerbs.has(previous.norm);
  return particles.has(previous.norm) || previous.tags.has('Adverb');
}

/** Verbs whose object can be a clause ("check it's locked", "see there's a gap"): no split after them. */
const complementVerbs = new Set(
  'check checks ensure verify confirm see sees make know knows think say says notice find tell ask mean guess hope bet remember note show explain expect doubt suppose reckon feel'.split(' '),
);

/** A verb the tagger is sure of: a tense, a modal or a copula ("it takes", "it should", "that's"), not "it above" nor "(mark) it received". */
export const hasTense = (token: Token | undefined) => Boolean(token && ['Copula', 'Modal', 'Auxiliary', 'PresentTense'].some((tag) => token.tags.has(tag)));

/**
 * "take the dust cap off", "wipe it all down": a particle closing a verb group that has its object
 * before it; a bare imperative after it starts the next step ("…off push the coupler on").
 * (Not "put on gloves": a particle right after its verb still waits for the object.)
 */
export function endsParticle(previous: Token | undefined, beforePrevious: Token | undefined, third: Token | undefined, next?: Token): boolean {
  if (!previous || !particles.has(previous.norm) || !beforePrevious || beforePrevious.tags.has('Preposition') || endsClause(beforePrevious)) return false;
  // ("the dust cap off": a word after a determiner or a noun is the object's, whatever the tagger made of it.)
  // ("you drive off | dump the snow": a verb and its particle with nothing between them and the subject, or "then", are a whole step.)
  // ("you get on | put your seatbelt on": "get", "keep"… and a particle wait for more, unless a verb that is no thing comes next.)
  const waits = ['have', 'has', 'had', 'keep', 'keeps', 'get', 'got', 'is', 'are'].includes(beforePrevious.norm) && !(next && isBaseVerb(next) && !isNounWord(next.norm));
  return !isVerb(beforePrevious) || Boolean(third && (determiners.has(third.norm) || isNoun(third) || (['you', 'we', 'i', 'then'].includes(third.norm) && !waits)));
}

/** "when we finish", "once you arrive": a subject and its verb with nothing after it close a trigger (not "before you hit | publish,"). */
export const endsSubjectVerb = (previous: Token | undefined, beforePrevious: Token | undefined) =>
  Boolean(previous && isVerb(previous) && !previous.tags.has('Auxiliary') && !previous.tags.has('Copula') && !verbGovernors.has(previous.norm) && isSubject(beforePrevious));

/** A predicate adjective ("is red", "looks low"): the end of a condition. */
export function endsPredicate(previous: Token | undefined, beforePrevious: Token | undefined): boolean {
  return Boolean(previous?.tags.has('Adjective') && beforePrevious && (stateVerbs.has(beforePrevious.norm) || beforePrevious.tags.has('Copula')));
}

/** "(make sure they're) not bent or cracked": a state said of a thing one way or another, ending before `at`. */
export function endsStateEitherWay(tokens: Token[], at: number): boolean {
  const isState = (token: Token | undefined) => Boolean(token?.tags.has('Adjective') || isParticiple(token));
  return ['or', 'and'].includes(tokens[at - 2]?.norm ?? '') && isState(tokens[at - 1]) && (endsPredicate(tokens[at - 3], tokens[at - 4]) || (isState(tokens[at - 3]) && ['not', 'is', 'are', 're', 's'].includes(tokens[at - 4]?.norm ?? '')));
}

/** "(that) won't shift", "(so it) doesn't stain": a verb after "not" with no object ends its clause. */
export const endsNegatedVerb = (previous: Token | undefined, beforePrevious: Token | undefined) => isBaseVerb(previous) && !isNoun(previous) && beforePrevious?.norm === 'not';

/**
 * "twist it clockwise till it locks", "…when it beeps": a clause that ends in a trigger or
 * condition of its own, with a subject and a verb; an instruction after it starts anew.
 */
export function qualifiedTail(current: Token[]): boolean {
  const at = current.findLastIndex((token, index) => index > 0 && tailQualifiers.has(token.norm));
  if (at < 0) return false;
  const rest = current.slice(at + 1);
  return rest.length >= 2 && (isSubject(rest[0]) || rest[0]!.tags.has('Pronoun') || determiners.has(rest[0]!.norm)) && rest.slice(1).some((token) => isVerb(token) && !token.tags.has('Auxiliary'));
}
const tailQualifiers = new Set(['until', 'till', 'once', 'when', 'if', 'unless', 'because']);

/** "check that the lights work": a complement clause whose verb has not come yet. */
export function awaitsComplementVerb(current: Token[]): boolean {
  const opener = current.findLastIndex((token, index) => index > 0 && ['that', 'whether', 'if'].includes(token.norm));
  return opener > 0 && !current.slice(opener + 1).some((token) => isVerb(token));
}

/**
 * "check their toes (go pink)", "make sure the kids (stay seated)": a check on things named in the plural awaits their
 * verb, which a bare verb agrees with; after "check the oil" a bare verb is the next instruction, and so is another check.
 */
export function awaitsCheckedThingsVerb(current: Token[], verb: Token): boolean {
  const checkAt = current.findLastIndex((token, index) => checkingVerbs.has(token.norm) || (token.norm === 'sure' && current[index - 1]?.norm === 'make'));
  const checked = checkAt >= 0 ? current.slice(checkAt + 1) : [];
  if (checkingVerbs.has(verb.norm) || verb.norm === 'make') return false;
  return checked.length >= 2 && checked.length <= 4 && (determiners.has(checked[0]!.norm) || checked[0]!.tags.has('Possessive')) && checked.slice(1).every((token) => (isNoun(token) || token.tags.has('Adjective')) && !endsClause(token)) && Boolean(checked[checked.length - 1]!.tags.has('Plural'));
}
