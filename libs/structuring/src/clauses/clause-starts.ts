// Tests of what starts at a word: a bare imperative, a subject of its own, a phrase that describes.
import { commonActionVerbs, determiners, perceivingVerbs, stativeVerbs, timeWords } from '../language/lexicon';
import { canBeVerb, endsClause, isBaseVerb, isNoun, isNounWord, isVerb, nounsUsedAsVerbs, type Token } from '../language/tokens';
import { actionStartsAt, actorVerbAt, isInstructionVerb, statementStartsAt } from './actors';
import { passiveAt } from './passives';
import { hasVerb, isRole, isSubjectPronoun, isThirdPersonVerb, modals, particles } from './words';

/** Where a bare imperative can open a new clause in unpunctuated speech: an object follows it. */
/**
 * "with a damage tag on it", "the keg change on the sheet": after an article and a noun, a noun that can be a verb,
 * then a preposition, ends the compound; it opens nothing ("a cloth wipe down the counter" has a verb's particle).
 */
export const compoundNounAt = (tokens: Token[], at: number) =>
  isNounWord(tokens[at]!.norm) && isNoun(tokens[at - 1]) && determiners.has(tokens[at - 2]?.norm ?? '') && !endsClause(tokens[at - 1]) && ['on', 'in', 'at', 'from', 'to', 'into', 'onto', 'off', 'with', 'by', 'for', 'of', 'inside', 'under'].includes(tokens[at + 1]?.norm ?? '');

export function bareImperativeAt(tokens: Token[], at: number): boolean {
  // (Past the last word there is nothing to read: "…then you close the door if the wind is up and shut".)
  if (!tokens[at]) return false;
  if (particles.has(tokens[at]!.norm) || stativeVerbs.has(tokens[at]!.norm) || !isInstructionVerb(tokens, at)) return false;
  // "the intake form on the tablet": a noun after a noun ends a compound, unless procedures use it as a verb.
  if (isNoun(tokens[at]) && !isVerb(tokens[at]) && isNoun(tokens[at - 1]) && !endsClause(tokens[at - 1]) && !commonActionVerbs.has(tokens[at]!.norm) && !nounsUsedAsVerbs.has(tokens[at]!.norm)) return false;
  // "read the meters gas electric water": a word that names a thing, after a noun and before no object of its own, goes on listing.
  if (isNoun(tokens[at - 1]) && !endsClause(tokens[at - 1]) && isNounWord(tokens[at]!.norm) && !commonActionVerbs.has(tokens[at]!.norm) && !nounsUsedAsVerbs.has(tokens[at]!.norm) && tokens[at + 1] && !determiners.has(tokens[at + 1]!.norm) && !tokens[at + 1]!.tags.has('Pronoun') && !tokens[at + 1]!.tags.has('Possessive') && !tokens[at + 1]!.tags.has('Value') && !particles.has(tokens[at + 1]!.norm)) return false;
  if (compoundNounAt(tokens, at)) return false;
  // ("till it runs clear", "until it comes out clean": a state after a verb of becoming finishes it.)
  if (stateAfterBecoming(tokens, at)) return false;
  if (afterPerceivedThing(tokens, at)) return false;
  let next = tokens[at + 1];
  // "take out the toner": a phrasal verb's particle, then its object.
  if (next && particles.has(next.norm) && tokens[at + 2] && (determiners.has(tokens[at + 2]!.norm) || isNoun(tokens[at + 2]) || tokens[at + 2]!.tags.has('Adjective'))) next = tokens[at + 2];
  // "roll back to the snapshot": a phrasal verb, then where to (not "the floor sign out at…", a compound's last noun).
  else if (next && particles.has(next.norm) && !(isNoun(tokens[at - 1]) && !tokens[at - 1]!.tags.has('Plural') && !endsClause(tokens[at - 1])) && tokens[at + 2]?.tags.has('Preposition') && !particles.has(tokens[at + 2]!.norm) && determiners.has(tokens[at + 3]?.norm ?? '') && canBeVerb(tokens[at]!.norm)) next = tokens[at + 3];
  if (!next) return commonActionVerbs.has(tokens[at]!.norm);
  // ("…get on and do the seatbelt": a verb and its particle, with nothing after, before "and" or "then".)
  if (particles.has(next.norm) && ['and', 'then'].includes(tokens[at + 2]?.norm ?? '') && commonActionVerbs.has(tokens[at]!.norm)) return true;
  // "…the car park the fire wardens sweep…": the word ends a noun phrase, a new subject follows.
  if (actorVerbAt(tokens, at + 1) !== null || statementStartsAt(tokens, at + 1)) return false;
  // ("swap it don't ever fly…": a prohibition after the pronoun starts a clause of its own.)
  // ("let it soak", "have them sign": a causative's object does the verb after it.)
  if (next.tags.has('Pronoun')) return !isVerb(tokens[at + 2]) || ['let', 'have', 'make', 'help'].includes(tokens[at]!.norm);
  // "the status page every thirty minutes": a time, not an object.
  if (['every', 'each'].includes(next.norm) && (tokens[at + 2]?.tags.has('Value') || tokens[at + 2]?.tags.has('Date') || tokens[at + 2]?.tags.has('Duration'))) return false;
  return determiners.has(next.norm) || next.tags.has('Possessive') || next.tags.has('Value') || next.tags.has('ProperNoun') || (isBaseVerb(tokens[at]) && (isNoun(next) || next.tags.has('Adjective')));
}

/** After a comma, an instruction, its verb maybe after "always" or "just" ("Out on the route, always work in pairs"). */
export function actionAfterAdverb(tokens: Token[], index: number): boolean {
  const at = ['always', 'just', 'also', 'first', 'now'].includes(tokens[index]!.norm) && tokens[index + 1] ? index + 1 : index;
  return actionStartsAt(tokens, at) && (actorVerbAt(tokens, at) !== null || passiveAt(tokens, at) !== null || takesObject(tokens, at));
}

/** After a comma, a verb with its object: "Scan the item, choose Return" (not "drug, strength, form against…"). */
function takesObject(tokens: Token[], at: number): boolean {
  let index = at;
  while (['just', 'also', 'please', 'simply', 'then', 'now'].includes(tokens[index]?.norm ?? '')) index++;
  const verb = tokens[index];
  const next = tokens[index + 1];
  if (!verb) return false;
  if (!next || commonActionVerbs.has(verb.norm)) return true;
  if (particles.has(next.norm)) return true;
  // ("once locked, try to start the machine": trying is doing the verb after it.)
  if (['try', 'remember'].includes(verb.norm) && next.norm === 'to' && isBaseVerb(tokens[index + 2])) return true;
  // "ask for the number", "talk to the pharmacist": a verb the tagger saw as one, with its preposition.
  if (next.tags.has('Preposition') && (verb.tags.has('Imperative') || verb.tags.has('Infinitive')) && !verb.tags.has('Noun')) return true;
  if (next.tags.has('Preposition') && canBeVerb(verb.norm) && !particles.has(next.norm) && tokens[index + 2] && (determiners.has(tokens[index + 2]!.norm) || tokens[index + 2]!.tags.has('Pronoun'))) return true;
  return determiners.has(next.norm) || ['both', 'all'].includes(next.norm) || next.tags.has('Pronoun') || next.tags.has('Possessive') || next.tags.has('Value') || /^["'“‘A-Z]/.test(`${next.pre.trim()}${next.text}`) || isNoun(next) || next.tags.has('Adjective');
}

/** "rig the ladder on the lee side, clear of any discharges": "clear of", "free of" describe, they do not instruct. */
export const adjectiveOf = (tokens: Token[], at: number) => ['clear', 'free', 'short', 'ahead', 'full', 'aware', 'careful', 'wary'].includes(tokens[at]!.norm) && tokens[at + 1]?.norm === 'of';

/** "sign the sheet, date, time, your initials", "in the book: date, time, item": a word that names a thing, between commas (or after a colon), goes on with a list. */
export const listsOn = (tokens: Token[], at: number) => (/[,:]/.test(tokens[at - 1]?.post ?? '') && /,/.test(tokens[at]!.post) && isNounWord(tokens[at]!.norm) && !commonActionVerbs.has(tokens[at]!.norm)) || lastOfList(tokens, at);

/** "…building rubble, tyres, gas bottles or asbestos,": after names and a comma, the last names of the list, joined by "or" or "and". */
function lastOfList(tokens: Token[], at: number): boolean {
  if (!/,/.test(tokens[at - 1]?.post ?? '') || !isNoun(tokens[at - 1]) || !/,/.test(tokens[at - 2]?.post ?? '') && !/,/.test(tokens[at - 3]?.post ?? '')) return false;
  const join = tokens.findIndex((token, index) => index > at && index <= at + 2 && ['or', 'and'].includes(token.norm));
  if (join < 0 || !tokens.slice(at, join).every((token) => isNounWord(token.norm) && !commonActionVerbs.has(token.norm) && !/[,;:]/.test(token.post))) return false;
  const end = tokens.findIndex((token, index) => index > join && /[,;:.!?]/.test(token.post));
  const last = tokens.slice(join + 1, end < 0 ? tokens.length : end + 1);
  return last.length >= 1 && last.length <= 3 && last.every((token) => isNounWord(token.norm) || isNoun(token) || token.tags.has('Adjective'));
}

/** "lid on,", "gloves off,", "door shut,": a thing and how it is left, said the way notes say it, before a comma. */
export const jottedState = (current: Token[]) =>
  current.length >= 2 && current.length <= 3 && /,/.test(current[current.length - 1]!.post) && ['on', 'off', 'in', 'out', 'up', 'down', 'open', 'shut', 'closed'].includes(current[current.length - 1]!.norm) && current.slice(0, -1).every((token) => (isNoun(token) || isNounWord(token.norm) || determiners.has(token.norm)) && !token.tags.has('Pronoun'));

/** "At handout, confirm…": a fronted phrase with no verb of its own. */
// ("The day before, the driver phones…", "Each morning, check…": a time said before the clause, too.)
export const fronted = (current: Token[], opensSentence = false) =>
  current.length > 0 &&
  current.length <= 6 &&
  !hasVerb(current) &&
  (current[0]!.tags.has('Preposition') ||
    (current.length >= 2 && ['the', 'each', 'every', 'on'].includes(current[0]!.norm) && current.slice(1).every((token) => timeWords.has(token.norm) || token.tags.has('Date'))) ||
    // ("the rails, nail them on", "the tops of the posts, cut them at an angle": the thing talked about, then what to do with it.)
    (opensSentence && current.length >= 2 && current[0]!.norm === 'the' && isNoun(current[current.length - 1]) && /,/.test(current[current.length - 1]!.post)));

/** "the address is printed…", "the light should be green": a noun phrase, then a copula or a modal (not "the toner shake it"). */
export function stateClauseAt(tokens: Token[], at: number): boolean {
  let index = at + 1;
  // ("the grey one's the rainwater": "one" after its adjective stands for the thing.)
  const thing = (token: Token | undefined) => isNoun(token) || (['one', 'ones'].includes(token?.norm ?? '') && Boolean(tokens[tokens.indexOf(token!) - 1]?.tags.has('Adjective')));
  while (index < tokens.length && index - at < 5 && (thing(tokens[index]) || tokens[index]!.tags.has('Adjective'))) index++;
  const verb = tokens[index];
  // "the tour takes about ten minutes": a third-person verb, not a base form ("the toner shake it").
  const thirdPerson = Boolean(verb && verb.tags.has('PresentTense') && !verb.tags.has('Infinitive') && /[^s]s$/.test(verb.norm));
  return index > at + 1 && thing(tokens[index - 1]) && Boolean(verb && (verb.tags.has('Copula') || verb.tags.has('Modal') || thirdPerson));
}

/** "…and the fryers go to 350": a clause with a subject of its own, whoever or whatever it is. */
export function subjectClauseAt(tokens: Token[], at: number): boolean {
  if (!tokens[at] || !determiners.has(tokens[at]!.norm) || ['this', 'that'].includes(tokens[at]!.norm)) return false;
  let index = at + 1;
  while (index < tokens.length && index - at < 5 && (isNoun(tokens[index]) || tokens[index]!.tags.has('Adjective'))) index++;
  const verb = tokens[index];
  return index > at + 1 && isNoun(tokens[index - 1]) && Boolean(verb && isVerb(verb) && !verb.tags.has('Gerund') && !verb.tags.has('PastTense'));
}

/**
 * "(isn't) in our area", "(be logged) on the supplier changes tracker": what follows a preposition opens its object
 * ("comes in the delivery…": after a verb of the present, a particle opens nothing).
 */
export const objectOfPreposition = (tokens: Token[], at: number) =>
  Boolean(tokens[at - 1]?.tags.has('Preposition') || tokens[at - 1]?.tags.has('Particle')) && !(particles.has(tokens[at - 1]!.norm) && isVerb(tokens[at - 2]) && !tokens[at - 2]!.tags.has('Copula') && !tokens[at - 2]!.tags.has('PastTense'));

/** "(…anything) a trainer has to sign it off": someone named by role, then what they must do, starts a clause whatever comes before. */
export function obligedRoleAt(tokens: Token[], at: number): boolean {
  if (!['a', 'an', 'the'].includes(tokens[at]?.norm ?? '') || !isRole(tokens[at + 1])) return false;
  const group = tokens.slice(at + 2, at + 5).map((token) => token.norm);
  // ("the patient needs oxygen" names a need; "the patient needs to sign" is one.)
  return ['must', 'should', 'has', 'have', 'needs', 'will'].includes(group[0] ?? '') && (!['has', 'have', 'needs'].includes(group[0]!) || group[1] === 'to');
}

/** "any service you can get at", "the circuit you're working on": a verb whose preposition ends the clause describes the thing before it. */
export function strandedPreposition(tokens: Token[], at: number): boolean {
  const verb = actorVerbAt(tokens, at);
  const after = verb === null ? undefined : tokens[verb + 1];
  // ("the person we normally deal with and confirm…": a joining word after the preposition ends the relative clause too.)
  const closed = (word: Token | undefined) => !word || ['and', 'or', 'but', 'then', 'so', 'because', 'before', 'when', 'if'].includes(word.norm);
  return Boolean(isSubjectPronoun(tokens[at]) && after && ['at', 'on', 'in', 'with', 'for', 'to', 'from', 'about', 'into'].includes(after.norm) && (closed(tokens[verb! + 2]) || endsClause(after)));
}

/** "both of you", "one of us": some of the people, said as a subject. */
export const peopleOf = (tokens: Token[], at: number) => ['one', 'both', 'each', 'either', 'all', 'two'].includes(tokens[at]?.norm ?? '') && tokens[at + 1]?.norm === 'of' && ['you', 'us'].includes(tokens[at + 2]?.norm ?? '');

/** "one of us checks the pass…", "both of you sign…": some of the team, then their verb. */
export const someOfUsActAt = (tokens: Token[], at: number) => peopleOf(tokens, at) && (actorVerbAt(tokens, at + 2) !== null || isThirdPersonVerb(tokens[at + 3]));

/** "don't wait…", "never say…": a prohibition opening at `at`. */
export function prohibitionAt(tokens: Token[], at: number): boolean {
  let skip = tokens[at]?.norm === 'never' ? 1 : tokens[at]?.norm === 'do' && tokens[at + 1]?.norm === 'not' ? 2 : 0;
  // ("don't ever fly", "never just leave")
  if (skip > 0 && ['ever', 'just', 'really'].includes(tokens[at + skip]?.norm ?? '')) skip++;
  return skip > 0 && isBaseVerb(tokens[at + skip]);
}

/** "the little brush we keep under the counter": after a noun, "we + verb" with no object of its own describes the noun. */
export function reducedRelative(tokens: Token[], at: number): boolean {
  // ("a small fix you can make on the spot": with a modal before the verb, too.)
  const verb = modals.has(tokens[at + 1]?.norm ?? '') ? at + 2 : at + 1;
  return isSubjectPronoun(tokens[at]) && isNoun(tokens[at - 1]) && !endsClause(tokens[at - 1]) && isVerb(tokens[verb]) && placeWords.has(tokens[verb + 1]?.norm ?? '') && !placedVerbWithObject(tokens, verb);
}
const placeWords = new Set(['in', 'on', 'under', 'by', 'at', 'for', 'behind', 'near', 'inside', 'beside', 'above', 'below', 'next', 'underneath']);

/** ("do the walk round check | you look at the tyres"): a verb that takes no object, with a thing after its preposition, describes nothing before it. */
const placedVerbWithObject = (tokens: Token[], verb: number) =>
  objectlessVerbs.has(tokens[verb]!.norm) && Boolean(tokens[verb + 2] && (determiners.has(tokens[verb + 2]!.norm) || tokens[verb + 2]!.tags.has('Possessive')));
const objectlessVerbs = new Set(['look', 'looks', 'go', 'goes', 'walk', 'walks', 'come', 'comes', 'stand', 'stands', 'wait', 'waits', 'sit', 'sits', 'point', 'points', 'listen', 'listens']);

/** "till it runs clear", "until it comes out clean": a state after a verb of becoming finishes it; it opens nothing. */
export const stateAfterBecoming = (tokens: Token[], at: number) => becoming.has(tokens[at - 1]?.norm ?? '') && statesAsVerbs.has(tokens[at]!.norm);

/** Verbs a state follows: "runs clear", "comes out clean", "goes cold". */
const becoming = new Set(['runs', 'run', 'goes', 'go', 'turns', 'turn', 'comes', 'come', 'stays', 'stay', 'remains', 'remain', 'looks', 'look', 'gets', 'get', 'out', 'is', 'are', 'be']);
/** States that are verbs too: "clear", "clean", "dry"; ("the door stays shut"). */
const statesAsVerbs = new Set(['clear', 'clean', 'dry', 'empty', 'smooth', 'level', 'warm', 'cool', 'free', 'open', 'tight', 'loose', 'flat', 'straight', 'full', 'still', 'shut', 'wet', 'steady', 'quiet']);

/**
 * ("you'll see the gauge go green", "let it settle"): a bare verb after what is seen, heard or let, with no object of
 * its own, is no new clause. (With one it may be: "where you can see them | close the lid", in unpunctuated talk.)
 */
function afterPerceivedThing(tokens: Token[], at: number): boolean {
  const next = tokens[at + 1];
  if (next && !endsClause(tokens[at]) && (determiners.has(next.norm) || next.tags.has('Pronoun') || next.tags.has('Possessive'))) return false;
  let index = at - 1;
  while (index >= 0 && at - index <= 4 && !endsClause(tokens[index]) && (determiners.has(tokens[index]!.norm) || isNoun(tokens[index]) || tokens[index]!.tags.has('Adjective') || ['it', 'them', 'him', 'her', 'me', 'us'].includes(tokens[index]!.norm))) index--;
  return index >= 0 && index < at - 1 && perceivingVerbs.has(tokens[index]!.norm) && !endsClause(tokens[index]);
}
