// Someone doing something, an instruction's verb, or a statement, starting at a word.
import { auxiliaryWords, commonActionVerbs, determiners, doneWhen, perceivingVerbs, stateVerbs, stativeVerbs, subjectPronouns } from '../language/lexicon';
import { canBeVerb, endsClause, isBaseVerb, isDoneBySomeone, isNoun, isVerb, nounsUsedAsVerbs, type Token } from '../language/tokens';
import { bareParticiples, needsDoing, passiveAt } from './passives';
import { couldBeMistaggedVerb, everyone, habitWords, isGenericPeople, isRole, isSubject, isThirdPersonVerb, isTitleAcronym, looksSomewhere, modals, particles } from './words';

/** Someone doing something from `at`: "you check", "we'll send", "the manager approves"; never a verb inside quotes ("radio "Code Adam stand down""). */
export function actorVerbAt(tokens: Token[], at: number): number | null {
  const verbAt = actorVerbIn(tokens, at);
  return verbAt !== null && insideQuotes(tokens, verbAt) ? null : verbAt;
}

/** Whether an odd number of double quotes opens before the token at `at`. */
function insideQuotes(tokens: Token[], at: number): boolean {
  const before = tokens.slice(0, at).map((token) => `${token.pre}${token.post}`).join('') + (tokens[at]?.pre ?? '');
  return (before.match(/["“”]/g)?.length ?? 0) % 2 === 1;
}

function actorVerbIn(tokens: Token[], at: number): number | null {
  let index = at;
  // ("I've seen a lad lose the end of a finger", "we had a guy lose a permit": someone seen or had doing something is what happened.)
  if (at > 0 && perceivingVerbs.has(tokens[at - 1]!.norm) && !endsClause(tokens[at - 1])) return null;
  // ("whoever is on community duty keeps an eye on the comments": whoever it is, then their verb.)
  if (tokens[at]?.norm === 'whoever' && ['is', 'was'].includes(tokens[at + 1]?.norm ?? '')) {
    const verbAt = tokens.findIndex((token, offset) => offset > at + 2 && offset <= at + 7 && isThirdPersonVerb(token) && token.tags.has('PresentTense') && !token.tags.has('Copula') && !token.tags.has('Gerund'));
    return verbAt > 0 ? verbAt : null;
  }
  if (isSubject(tokens[index])) {
    index++;
    // ("Everyone working on the machine fits…": who everyone is, then their verb.)
    if (everyone.has(tokens[at]!.norm) && tokens[index]?.tags.has('Gerund')) {
      const verbAt = tokens.findIndex((token, offset) => offset > index && offset <= index + 8 && isThirdPersonVerb(token) && token.tags.has('PresentTense') && !token.tags.has('Gerund'));
      if (verbAt > 0) return verbAt;
    }
  } else if (isRole(tokens[index]) && !endsClause(tokens[index]) && isThirdPersonVerb(tokens[index + 1])) return index + 1;
  // ("Retain visitor records…": a verb opening the sentence, not a person's first name.)
  else if (at === 0 && isNoun(tokens[0]) && !isRole(tokens[0]) && !tokens[0]!.tags.has('Plural') && canBeVerb(tokens[0]!.norm) && /^[A-Z][a-z]+$/.test(tokens[0]!.text) && isRole(tokens[1])) return null;
  else if (tokens[index] && (determiners.has(tokens[index]!.norm) || ['all', 'both'].includes(tokens[index]!.norm) || tokens[index]!.tags.has('Value') || isNoun(tokens[index])) && !['this', 'that', 'these', 'those', 'it'].includes(tokens[index]!.norm)) {
    if (!isNoun(tokens[index])) index++;
    // ("two engineers review…": a role is a noun, whatever the tagger made of it.)
    while (index < tokens.length && (tokens[index]!.tags.has('Adjective') || (tokens[index]!.tags.has('Ordinal') && (isNoun(tokens[index + 1]) || isTitleAcronym(tokens[index + 1]))) || isNoun(tokens[index]) || (isRole(tokens[index]) && index > at && tokens[index - 1]!.tags.has('Value'))) && index - at < 5) {
      // "the approver reviews the entry": the person ends where their verb, read as a noun, begins.
      if (index > at && (isRole(tokens[index - 1]) || tokens[index - 1]!.tags.has('Actor')) && /s$/.test(tokens[index]!.norm) && actsOnObject(tokens, index)) break;
      // "the registrar first checks…", "The sparks then run…": a sequence word after the person is not part of their name.
      if (index > at && (isRole(tokens[index - 1]) || tokens[index - 1]!.tags.has('Actor') || (at === 0 && tokens[index - 1]!.tags.has('Plural'))) && ['first', 'then', 'next', 'also', 'finally'].includes(tokens[index]!.norm)) break;
      index++;
    }
    const head = tokens[index - 1];
    // ("The sparks then run power": people named by a plural opening the sentence, a sequence word, their verb.)
    const namedCrew = at === 0 && tokens[0]?.norm === 'the' && Boolean(head?.tags.has('Plural')) && ['then', 'first', 'next', 'also'].includes(tokens[index]?.norm ?? '') && isBaseVerb(tokens[index + 1]);
    if (namedCrew) return index + 1;
    if (!head || !(head.tags.has('Actor') || head.tags.has('Person') || isRole(head) || isTitleAcronym(head))) return null;
    // "people never clean the oven": what people in general do is a remark, not a step.
    if (isGenericPeople(tokens, index - 1) && habitWords.has(tokens[index]?.norm ?? '')) return null;
    // "the teacher on gate duty puts on the vest": a short phrase saying which person, then their verb.
    if (['on', 'at', 'in', 'from', 'of'].includes(tokens[index]?.norm ?? '') && !endsClause(head)) {
      // ("the adult on duty should first check…": or a modal, then the verb.)
      const modalAt = tokens.findIndex((token, offset) => offset > index + 1 && offset <= index + 5 && modals.has(token.norm));
      let afterModal = modalAt > 0 ? modalAt + 1 : -1;
      while (afterModal > 0 && afterModal - modalAt < 4 && auxiliaryWords.has(tokens[afterModal]?.norm ?? '')) afterModal++;
      const verbAt = modalAt > 0 && (isBaseVerb(tokens[afterModal]) || Boolean(tokens[afterModal] && couldBeMistaggedVerb(tokens[afterModal]!))) ? modalAt : tokens.findIndex((token, offset) => offset > index + 1 && offset <= index + 5 && isThirdPersonVerb(token) && token.tags.has('PresentTense') && !token.tags.has('Gerund'));
      if (verbAt > 0 && tokens.slice(index + 1, verbAt).every((token) => isNoun(token) || determiners.has(token.norm) || token.tags.has('Adjective') || token.tags.has('Value'))) return verbAt === modalAt ? afterModal : verbAt;
    }
    // "The person drafting the post puts it…", "the engineer who is on call checks…": skip the relative clause.
    // (Not after a comma: "…the warehouse team, including prices and tax codes" adds to the object.)
    if (!endsClause(head) && (tokens[index]?.tags.has('Gerund') || ['who', 'that'].includes(tokens[index]?.norm ?? ''))) {
      const verbAt = tokens.findIndex((token, offset) => offset > index && offset <= index + 8 && isThirdPersonVerb(token) && token.tags.has('PresentTense') && !token.tags.has('Gerund'));
      if (verbAt < 0) return null;
      return verbAt;
    }
  } else return null;
  // ("…phones the supplier to confirm the request": someone a verb acts on, then "to" and a verb, is what they are to do, no clause
  // of its own; "Security to cover all exits" opening an item is.)
  if (tokens[index]?.norm === 'to' && at > 0 && isVerb(tokens[at - 1])) return null;
  const verbAt = skipAuxiliaries(tokens, index);
  const verb = tokens[verbAt];
  // "I always double check…": one modifier before the verb.
  if (verb && !isVerb(verb) && (verb.tags.has('Adverb') || verb.tags.has('Adjective')) && isBaseVerb(tokens[verbAt + 1])) return verbAt;
  // "The registrar first checks…", "the porter then takes…": a sequence word between the person and their verb.
  if (verb && ['first', 'then', 'next', 'also', 'finally', 'always', 'usually', 'normally'].includes(verb.norm) && !isSubject(tokens[at]) && isThirdPersonVerb(tokens[verbAt + 1]) && !stateVerbs.has(tokens[verbAt + 1]!.norm)) return verbAt + 1;
  // "you page them": after a pronoun subject, a noun-tagged verb with its object.
  if (verb && !isVerb(verb) && isSubject(tokens[at]) && couldBeMistaggedVerb(verb) && tokens[verbAt + 1] && (determiners.has(tokens[verbAt + 1]!.norm) || tokens[verbAt + 1]!.tags.has('Pronoun'))) return verbAt;
  // "the approver reviews the entry": after a person, a verb read as a plural noun, with its object.
  if (verb && !isVerb(verb) && !isSubject(tokens[at]) && /s$/.test(verb.norm) && actsOnObject(tokens, verbAt)) return verbAt;
  if (!verb || !isVerb(verb) || (stateVerbs.has(verb.norm) && !looksSomewhere(tokens, verbAt)) || stativeVerbs.has(verb.norm)) return null;
  // "the crew has given the all-clear": what has happened, not what to do.
  // "you shut it down", "we set the timer": after a pronoun subject, a verb spelt the same in both tenses is the instruction.
  if (verb.tags.has('PastTense') && !verb.tags.has('Infinitive') && !(['you', 'we', 'i', 'they'].includes(tokens[at]?.norm ?? '') && bareParticiples.has(verb.norm))) return null;
  return verbAt;
}

/** Skips words that may sit between a subject and its verb ("will", "usually", "need to"). */
function skipAuxiliaries(tokens: Token[], at: number): number {
  let index = at;
  while (index < tokens.length && auxiliaryWords.has(tokens[index]!.norm) && !isInstructionVerb(tokens, index)) {
    // "does a phone screen": "does" is the verb here, not an auxiliary.
    if (!tokens.slice(index + 1, index + 4).some((token) => isVerb(token) || auxiliaryWords.has(token.norm))) break;
    index++;
  }
  return index;
}

/** "emails the receipt": a word read as a plural noun that is a verb with its object after a known subject. */
// ("the porter checks whether the patient…": or on a question it settles.)
export const actsOnObject = (tokens: Token[], at: number): boolean => /s$/.test(tokens[at]?.norm ?? '') && !tokens[at]!.tags.has('Adverb') && (objectAt(tokens, at + 1) || (particles.has(tokens[at + 1]?.norm ?? '') && objectAt(tokens, at + 2)) || (tokens[at + 1]?.norm === 'and' && actsOnObject(tokens, at + 2))) && (canBeVerb(tokens[at]!.norm.replace(/s$/, '')) || isDoneBySomeone(tokens[at]!.norm.replace(/s$/, '')));

/** What a verb acts on starts at `at` ("reviews the entry", "asks whether…"); "checks and countersigns the form", "signs off on the TB" reach it too. */
const objectAt = (tokens: Token[], at: number) => determiners.has(tokens[at]?.norm ?? '') || ['whether', 'if', 'that'].includes(tokens[at]?.norm ?? '') || (tokens[at]?.norm === 'on' && determiners.has(tokens[at + 1]?.norm ?? ''));

/** A verb that starts an instruction here: a base form, or a word the tagger misread before an object. */
export function isInstructionVerb(tokens: Token[], at: number): boolean {
  const token = tokens[at];
  // ("…have a look at its legs", "…do another small water change": "have a look" and "do" before what is done instruct.)
  if (token?.norm === 'have' && tokens[at + 1]?.norm === 'a' && ['look', 'go', 'check', 'feel', 'listen', 'quick', 'proper', 'good', 'chat', 'word'].includes(tokens[at + 2]?.norm ?? '')) return true;
  if (token?.norm === 'do' && ['another', 'a', 'an', 'the', 'your', 'some'].includes(tokens[at + 1]?.norm ?? '') && Boolean(tokens[at + 2] && (isNoun(tokens[at + 2]) || tokens[at + 2]!.tags.has('Adjective')))) return true;
  // ("…, do it straight away", "do that yourself": doing it, said with when or who.)
  if (token?.norm === 'do' && ['it', 'that', 'this', 'them'].includes(tokens[at + 1]?.norm ?? '') && doneWhen.has(tokens[at + 2]?.norm ?? '')) return true;
  if (!token || stateVerbs.has(token.norm) || auxiliaryWords.has(token.norm)) return false;
  if (isBaseVerb(token)) return true;
  const next = tokens[at + 1];
  // "then light the flat top": an adjective cannot come before "the"; a verb can.
  if (token.tags.has('Adjective') && next && determiners.has(next.norm) && canBeVerb(token.norm)) return true;
  // "knock out the pucks": a verb, its particle, then its object.
  if (couldBeMistaggedVerb(token) && next && particles.has(next.norm) && tokens[at + 2] && (determiners.has(tokens[at + 2]!.norm) || tokens[at + 2]!.tags.has('Pronoun'))) return true;
  // "…, roll back to the snapshot": after a clause's end, a verb, its particle and where to.
  if ((at === 0 || endsClause(tokens[at - 1])) && couldBeMistaggedVerb(token) && next && particles.has(next.norm) && tokens[at + 2]?.tags.has('Preposition') && !particles.has(tokens[at + 2]!.norm)) return true;
  // ("If there are any, stop and tell the operator": a verb procedures use, then "and" and another verb.)
  if (commonActionVerbs.has(token.norm) && next && ['and', 'or'].includes(next.norm) && tokens[at + 2] && (isBaseVerb(tokens[at + 2]) || commonActionVerbs.has(tokens[at + 2]!.norm))) return true;
  // "count pallets vs BOL", "email CFO": a verb procedures use, before a bare noun.
  if ((commonActionVerbs.has(token.norm) || nounsUsedAsVerbs.has(token.norm)) && next && (isNoun(next) || next.tags.has('Adjective')) && !isVerb(next)) return true;
  // "if it flags something, talk to the pharmacist": after a comma, a noun-tagged verb with its preposition and object.
  if (endsClause(tokens[at - 1]) && couldBeMistaggedVerb(token) && next?.tags.has('Preposition') && !particles.has(next.norm) && tokens[at + 2] && (determiners.has(tokens[at + 2]!.norm) || tokens[at + 2]!.tags.has('Pronoun'))) return true;
  // ("…, tap 'Arrive'", "press "OK"": a noun-tagged verb before a label in quotes, after a clause's end.)
  if ((at === 0 || endsClause(tokens[at - 1])) && couldBeMistaggedVerb(token) && next && /["'“‘`]$/.test(next.pre)) return true;
  // "…loads click the button": a noun-tagged verb followed by what can only be its object.
  // ("…, tape both sides": "both" or "all" before a noun is an object too.)
  return couldBeMistaggedVerb(token) && Boolean(next && (determiners.has(next.norm) || next.tags.has('Pronoun') || (['both', 'all'].includes(next.norm) && isNoun(tokens[at + 2]))) && !isVerb(next));
}

/** Whether an instruction starts at `at`: a bare imperative, someone doing something, or a passive instruction. */
export function actionStartsAt(tokens: Token[], at: number): boolean {
  let index = at;
  while (index < tokens.length && ['just', 'also', 'please', 'simply', 'then', 'now'].includes(tokens[index]!.norm)) index++;
  return isInstructionVerb(tokens, index) || actorVerbAt(tokens, index) !== null || passiveAt(tokens, index) !== null || needsDoing(tokens.slice(index)) !== null;
}

/** "it's", "this will", "there is": a clause about a thing, which explains rather than instructs. */
export function statementStartsAt(tokens: Token[], at: number): boolean {
  const token = tokens[at];
  // "people never clean the oven": a remark on people in general.
  if (isGenericPeople(tokens, at) && habitWords.has(tokens[at + 1]?.norm ?? '') && !isVerb(tokens[at - 1])) return true;
  // ("…, I've seen a lad lose a finger", "we had a guy lose a permit": what the speaker has seen happen is a story, not a step.)
  if (['i', 'we'].includes(token?.norm ?? '') && ['have', 'had'].includes(tokens[at + 1]?.norm ?? '') && (['seen', 'had', 'lost', 'known', 'heard'].includes(tokens[at + 2]?.norm ?? '') || (tokens[at + 1]!.norm === 'had' && ['a', 'an', 'one', 'someone', 'somebody'].includes(tokens[at + 2]?.norm ?? '')))) return true;
  if (!token || !['it', 'this', 'that', 'there', 'which', 'nobody', 'nothing'].includes(token.norm)) return false;
  const next = tokens[at + 1];
  // ("get it going", "have it done", "leave it running": the object of the verb before, not a new clause.)
  if (causativeVerbs.has(tokens[at - 1]?.norm ?? '') || next?.tags.has('Gerund')) return false;
  return Boolean(next && isVerb(next) && !next.tags.has('Infinitive'));
}

/** "parcels that have been opened", "milk that is out of date": in writing, "that" right after a noun, its verb written out, says which. */
export function relativeThatAt(tokens: Token[], at: number): boolean {
  const previous = tokens[at - 1];
  return tokens[at]?.norm === 'that' && Boolean(previous && isNoun(previous) && !previous.tags.has('Pronoun') && !/[,;:.!?–—-]/.test(previous.post) && tokens[at + 1]?.text);
}

/** Verbs whose object is followed by what it is made to do or be: "get it going", "have it checked". */
const causativeVerbs = new Set(['get', 'got', 'have', 'had', 'keep', 'leave', 'make', 'let', 'set', 'want', 'need', 'see', 'watch']);

/** "on the controller (you pick…)", "at the desk (we check…)": a place before a person and their verb, or 0. */
export function leadingPlace(tokens: Token[]): number {
  if (!['on', 'in', 'at', 'from', 'inside', 'under', 'behind'].includes(tokens[0]?.norm ?? '')) return 0;
  if (determiners.has(tokens[1]?.norm ?? '')) {
    let end = 2;
    while (end < 6 && isNoun(tokens[end]) && !tokens[end]!.tags.has('Pronoun') && !/[,;:]/.test(tokens[end - 1]!.post)) end++;
    // ("at each venue the driver finds…": a person named by role, too.)
    const person = subjectPronouns.has(tokens[end]?.norm ?? '') || (['the', 'a', 'an'].includes(tokens[end]?.norm ?? '') && isRole(tokens[end + 1]));
    return end > 2 && person && actorVerbAt(tokens, end) !== null ? end : 0;
  }
  // ("On arrival in Radiology the porter hands…": a moment named by a noun, where, then a person named by role and their verb.)
  for (let end = 2; end <= 5 && isNoun(tokens[end - 1]) && !/[,;:]/.test(tokens[end - 1]!.post); end++) {
    if (['the', 'a', 'an'].includes(tokens[end]?.norm ?? '') && isRole(tokens[end + 1]) && actorVerbAt(tokens, end) !== null) return end;
    if (['in', 'at', 'to'].includes(tokens[end]?.norm ?? '') && end + 1 <= 5) end++;
  }
  return 0;
}
