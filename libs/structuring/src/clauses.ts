import {
  auxiliaryWords,
  conditionStarts,
  determiners,
  fillerPhrases,
  commonActionVerbs,
  fillerWords,
  roleNouns,
  stativeVerbs,
  sequencePhrases,
  stateVerbs,
  subjectPronouns,
  timeWords,
  triggerPhrases,
  triggerStarts,
  verbGovernors,
} from './lexicon';
import { canBeVerb, endsClause, isBaseVerb, isDoneBySomeone, isNoun, isNounWord, isVerb, nounsUsedAsVerbs, render, tagSentences, toInfinitive, type Token } from './tokens';

/** A clause of a sentence, with how it was joined to the one before. */
export interface Clause {
  tokens: Token[];
  /** Introduced by a sequence word (then, next, after that…): a new step, never a continuation. */
  sequenced: boolean;
  /** "Before that, …": the step belongs before the previous one. */
  before: boolean;
  /** "…and signs the form": the subject of the clause before does this too. */
  continuesSubject: boolean;
  /** Joined to the clause before by "and"/"but"/"plus": it goes on from that clause rather than opening a new one. */
  conjoined?: boolean;
  /** "Samples are aliquoted and stored at 4 °C": a second participle of a passive, said of "it" or "them". */
  passiveOf?: 'it' | 'them';
  /** "(check the tyres for cuts) and the forks for cracks": the verb before is left out and meant again. */
  gapped?: boolean;
  /** The punctuation the clause was split at: a semicolon, an arrow (">"), a colon, a comma or a dash. */
  joint?: ';' | '>' | ':' | ',' | '-';
}

/** "before that", "but before you do that": the step goes before the one just said. */
const beforePhrases = [
  ['but', 'before', 'that'],
  ['but', 'before', 'you', 'do', 'that'],
  ['before', 'you', 'do', 'that'],
  ['before', 'doing', 'that'],
  ['before', 'that'],
  ['before', 'this'],
  // ("before any of that make sure you've wiped the counter")
  ['before', 'any', 'of', 'that'],
  ['before', 'all', 'that'],
  ['before', 'all', 'of', 'that'],
  ['before', 'anything', 'else'],
  ['prior', 'to', 'that'],
  ['but', 'first'],
];

/** Mid-sentence openers that announce the next step ("…the first thing is you sign in"). */
const midAnnouncements = [
  ['the', 'way', 'it', 'works', 'is'],
  ['how', 'it', 'works', 'is'],
  ['the', 'way', 'we', 'do', 'it', 'is'],
  ['the', 'process', 'is'],
  ['the', '*', 'thing', 'is'],
  ['the', '*', 'thing', 'you', 'do', 'is'],
  ['the', '*', 'thing', 'to', 'do', 'is'],
  ['the', '*', 'step', 'is'],
  // ("…so first thing you do is put on an apron": said without its article.)
  ['first', 'thing', 'is'],
  ['first', 'thing', '*', 'do', 'is'],
  ['first', 'thing', 'to', 'do', 'is'],
  ['what', 'you', 'do', 'is'],
  ['what', 'we', 'do', 'is'],
  ['what', 'i', 'do', 'is'],
  // "here's what I do", "this is what you do": the steps follow.
  ['here', 'is', 'what', '*', 'do'],
  ['this', 'is', 'what', '*', 'do'],
  ['here', 'is', 'how', '*', 'do', 'it'],
];

/**
 * "(the) first thing you wanna do is", "the next thing we have to do is", "the main thing is":
 * an announcement of the next step however it is padded; its length, or 0.
 */
/** "(…anything) a trainer has to sign it off": someone named by role, then what they must do, starts a clause whatever comes before. */
function obligedRoleAt(tokens: Token[], at: number): boolean {
  if (!['a', 'an', 'the'].includes(tokens[at]?.norm ?? '') || !isRole(tokens[at + 1])) return false;
  const group = tokens.slice(at + 2, at + 5).map((token) => token.norm);
  // ("the patient needs oxygen" names a need; "the patient needs to sign" is one.)
  return ['must', 'should', 'has', 'have', 'needs', 'will'].includes(group[0] ?? '') && (!['has', 'have', 'needs'].includes(group[0]!) || group[1] === 'to');
}

/** "this is how we do the morning check on…": a preamble naming the procedure, not a step. */
const introducesHowTo = (current: Token[]) =>
  ['this', 'here', 'that'].includes(current[0]?.norm ?? '') && current.slice(1, 4).some((token) => token.norm === 'how');

function thingToDoAt(tokens: Token[], at: number): number {
  let index = at;
  if (tokens[index]?.norm === 'the') index++;
  if (tokens[index]?.norm === 'very') index++;
  if (['first', 'next', 'last', 'main', 'other', 'second', 'third', 'final', 'only'].includes(tokens[index]?.norm ?? '')) index++;
  else return 0;
  // ("the first job is to clear the silt": a job, a task or a step is announced as a thing is.)
  if (!['thing', 'job', 'task', 'step'].includes(tokens[index]?.norm ?? '')) return 0;
  index++;
  // "the first thing when I get to a house is…": a short when-clause inside the announcement.
  if (['when', 'once', 'after'].includes(tokens[index]?.norm ?? '')) {
    const is = tokens.slice(index + 1, index + 9).findIndex((token) => token.norm === 'is');
    if (is >= 0) return index + 1 + is + 1 - at;
  }
  if (['you', 'we', 'i'].includes(tokens[index]?.norm ?? '')) {
    index++;
    let padding = 0;
    while (padding < 4 && ['want', 'wanna', 'to', 'need', 'have', 'got', 'gotta', 'should', 'will', 'must', 'can', 'ought', 'gonna', 'going'].includes(tokens[index]?.norm ?? '')) {
      index++;
      padding++;
    }
    if (tokens[index]?.norm !== 'do') return 0;
    index++;
  }
  return tokens[index]?.norm === 'is' ? index + 1 - at : 0;
}

const corrections = [['no', 'sorry'], ['sorry'], ['no', 'wait'], ['wait', 'no'], ['or', 'rather'], ['actually', 'no'], ['no', 'actually'], ['scratch', 'that'], ['no', 'scratch', 'that'], ['actually', 'no', 'scratch', 'that']];

/** Length of `phrase` at `at` ("*" matches any one word), or 0. */
export function phraseAt(tokens: Token[], at: number, phrase: string[]): number {
  if (at + phrase.length > tokens.length) return 0;
  return phrase.every((word, offset) => word === '*' || tokens[at + offset]!.norm === word) ? phrase.length : 0;
}

export function longestPhraseAt(tokens: Token[], at: number, phrases: string[][]): number {
  return phrases.reduce((longest, phrase) => Math.max(longest, phraseAt(tokens, at, phrase)), 0);
}

/** "approves", "reviews": a present-tense verb after a role, even where the tagger saw a plural noun. */
export function isThirdPersonVerb(token: Token | undefined): boolean {
  if (!token || !/s$/.test(token.norm) || token.tags.has('Possessive')) return false;
  if (token.tags.has('PresentTense') && !isBaseVerb(token)) return true;
  return canBeVerb(token.norm.replace(/e?s$/, '')) || canBeVerb(token.norm.slice(0, -1));
}

/** A role noun; "it" only as the department ("IT"). */
// ("the hygienist", "an electrician": -ist and -ian name people by what they do.)
export const isRole = (token: Token | undefined) =>
  Boolean(token && (roleNouns.has(token.norm) || (/[^s]s$/.test(token.norm) && roleNouns.has(token.norm.slice(0, -1))) || (isNoun(token) && /^[a-z]{3,}(?:ist|ian)s?$/.test(token.norm) && !/(?:list|christian)s?$/.test(token.norm))) && (token.norm !== 'it' || token.text === 'IT'));
const everyone = new Set(['everyone', 'everybody', 'anyone', 'anybody']);
/** People in general, whose habits a speaker remarks on. */
const genericPeople = new Set(['people', 'folks', 'guys']);
/** Who does things in general: what they do is a remark, and so is what they do next. */
export const genericDoers = new Set(['people', 'folks', 'someone', 'somebody', 'everyone', 'everybody', 'nobody']);
/** "people forget that and then wonder why…": after what people in general do, what they think or feel next is still theirs ("…and then find the leak" is the reader's). */
const peopleGoOn = (current: Token[], next: Token | undefined) =>
  current.length >= 2 && genericDoers.has(current[0]!.norm) && isVerb(current[1]) && !endsClause(current[current.length - 1]) && (habitWords.has(next?.norm ?? '') || ['wonder', 'think', 'ask', 'moan', 'realise', 'realize', 'panic', 'blame'].includes(next?.norm ?? ''));
/** "the little brush we keep under the counter": after a noun, "we + verb" with no object of its own describes the noun. */
const reducedRelative = (tokens: Token[], at: number) =>
  isSubjectPronoun(tokens[at]) && isNoun(tokens[at - 1]) && !endsClause(tokens[at - 1]) && isVerb(tokens[at + 1]) && placeWords.has(tokens[at + 2]?.norm ?? '');
const placeWords = new Set(['in', 'under', 'by', 'at', 'for', 'behind', 'near', 'inside', 'beside', 'above', 'below', 'next', 'underneath']);

/** Verbs whose "if"/"whether" clause is what is asked or checked, not a condition. */
const askingWords = new Set(['ask', 'asks', 'check', 'checks', 'see', 'sees', 'confirm', 'confirms', 'verify', 'verifies', 'find', 'know', 'decide', 'wonder', 'test', 'tests']);
/** "ask if there's been any vomiting", "ask them whether", "check if the seal is broken": an indirect question. */
// ("check when they last had a patch test": what to find out, not when to do it.)
const asksWhether = (tokens: Token[], at: number) =>
  ['if', 'whether', 'when', 'where', 'how', 'who', 'which', 'what'].includes(tokens[at]?.norm ?? '') &&
  (askingWords.has(tokens[at - 1]?.norm ?? '') || (askingWords.has(tokens[at - 2]?.norm ?? '') && Boolean(tokens[at - 1]?.tags.has('Pronoun'))) || (tokens[at - 1]?.norm === 'out' && tokens[at - 2]?.norm === 'find'));

/** Adverbs a speaker closes a clause with ("…first obviously i've seen people forget that"). */
const closingAdverbs = new Set(['obviously', 'honestly', 'basically', 'anyway', 'though', 'really', 'definitely', 'seriously']);
/** What people in general are said to do ("people never clean the oven", "people forget"). */
const habitWords = new Set(['never', 'always', 'often', 'usually', 'sometimes', 'tend', 'forget', 'notice', 'complain', 'miss', 'skip', 'hate', 'love', 'like', 'ignore', 'assume']);
/** "people forget", "I've seen people skip it"; not "two people walk it down", "the people on shift". */
const isGenericPeople = (tokens: Token[], at: number) => genericPeople.has(tokens[at]?.norm ?? '') && !(tokens[at - 1] && (tokens[at - 1]!.tags.has('Value') || ['the', 'these', 'those', 'two', 'both'].includes(tokens[at - 1]!.norm)));
/** Upper-case words that name things, not people. */
const thingAcronyms = new Set('ID PO OK PC TV IP QR AV POS CRM ERP API URL PDF CSV SMS VPN UPS USB SKU GPS ATM PIN MRN VAT'.split(' '));
/** "the 1st AD", "the RN": after an article, a short upper-case title names a role. */
const isTitleAcronym = (token: Token | undefined) => Boolean(token && /^[A-Z]{2,3}$/.test(token.text) && !thingAcronyms.has(token.text));
const isSubject = (token: Token | undefined) => Boolean(token && subjectPronouns.has(token.norm));

/** A verb that starts an instruction here: a base form, or a word the tagger misread before an object. */
function isInstructionVerb(tokens: Token[], at: number): boolean {
  const token = tokens[at];
  // ("…have a look at its legs", "…do another small water change": "have a look" and "do" before what is done instruct.)
  if (token?.norm === 'have' && tokens[at + 1]?.norm === 'a' && ['look', 'go', 'check', 'feel', 'listen', 'quick', 'proper', 'good', 'chat', 'word'].includes(tokens[at + 2]?.norm ?? '')) return true;
  if (token?.norm === 'do' && ['another', 'a', 'an', 'the', 'your', 'some'].includes(tokens[at + 1]?.norm ?? '') && Boolean(tokens[at + 2] && (isNoun(tokens[at + 2]) || tokens[at + 2]!.tags.has('Adjective')))) return true;
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

/** A noun-tagged word that is also a verb ("click", "file", "tag"): the tagger's usual slip in unpunctuated speech. */
export function couldBeMistaggedVerb(token: Token): boolean {
  return (token.tags.has('Noun') || token.tags.has('Verb')) && !token.tags.has('Pronoun') && !token.tags.has('Value') && canBeVerb(token.norm);
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

/** "The status is changed…", "the form must be signed…": a passive instruction from `at`; the participle's index. */
export function passiveAt(tokens: Token[], at: number): number | null {
  let index = at;
  // "Hot and cold items should be bagged": the subject may join words with "and"/"or".
  // ("Crates are stacked…": a plural the tagger read as a verb, right before "are".)
  const pluralBeforeAre = (token: Token | undefined, next: Token | undefined) => Boolean(token && /[a-z]s$/.test(token.norm) && token.tags.has('PresentTense') && ['are', 'were'].includes(next?.norm ?? ''));
  const inSubject = (token: Token, next: Token | undefined) =>
    determiners.has(token.norm) || isNoun(token) || pluralBeforeAre(token, next) ||
    // ("the deadline for the reply is then diarised": a phrase saying which thing.)
    (['of', 'for', 'from', 'on', 'in', 'at', 'with', 'to'].includes(token.norm) && index > at && isNoun(tokens[index - 1]) && Boolean(next && (determiners.has(next.norm) || isNoun(next)))) || token.tags.has('Adjective') || token.tags.has('Possessive') || (token.tags.has('Ordinal') && index > at && determiners.has(tokens[index - 1]!.norm)) || (token.norm === 'one' && index > at && ['each', 'every', 'the'].includes(tokens[index - 1]!.norm)) || (['and', 'or'].includes(token.norm) && index > at && Boolean(next && (isNoun(next) || next.tags.has('Adjective') || determiners.has(next.norm))));
  // ("Everyone else is assessed against the criteria": everyone is acted on, as a thing would be.)
  const everyoneElse = everyone.has(tokens[at]?.norm ?? '') ? (tokens[at + 1]?.norm === 'else' ? 2 : 1) : 0;
  if (everyoneElse) index += everyoneElse;
  else while (index < tokens.length && index - at < 8 && inSubject(tokens[index]!, tokens[index + 1])) index++;
  // ("each one is sandbagged": "one" stands for the thing.)
  const oneFor = tokens[index - 1]?.norm === 'one' && ['each', 'every', 'the'].includes(tokens[index - 2]?.norm ?? '');
  if (!everyoneElse && (index === at || (!isNoun(tokens[index - 1]) && !oneFor && !pluralBeforeAre(tokens[index - 1], tokens[index])) || tokens[at]!.tags.has('Pronoun'))) return null;
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
const stateParticiples = new Set('damaged broken expired soiled stained cracked chipped torn worn bent blocked jammed tired qualified required needed allowed permitted entitled supposed located based involved concerned interested closed locked opened finished used aged faded frayed kinked loosened scratched dented bruised inflamed infected contaminated overdue overloaded underfilled overfilled wet dried cooled heated'.split(' '));

const passiveAdverbs = new Set(['then', 'also', 'usually', 'always', 'normally', 'immediately', 'finally', 'next', 'now', 'first', 'promptly', 'carefully', 'just', 'only', 'simply', 'still']);

/** Whether an instruction starts at `at`: a bare imperative, someone doing something, or a passive instruction. */
export function actionStartsAt(tokens: Token[], at: number): boolean {
  let index = at;
  while (index < tokens.length && ['just', 'also', 'please', 'simply', 'then', 'now'].includes(tokens[index]!.norm)) index++;
  return isInstructionVerb(tokens, index) || actorVerbAt(tokens, index) !== null || passiveAt(tokens, index) !== null || needsDoing(tokens.slice(index)) !== null;
}

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

/** "it's", "this will", "there is": a clause about a thing, which explains rather than instructs. */
function statementStartsAt(tokens: Token[], at: number): boolean {
  const token = tokens[at];
  // "people never clean the oven": a remark on people in general.
  if (isGenericPeople(tokens, at) && habitWords.has(tokens[at + 1]?.norm ?? '') && !isVerb(tokens[at - 1])) return true;
  if (!token || !['it', 'this', 'that', 'there', 'which', 'nobody', 'nothing'].includes(token.norm)) return false;
  const next = tokens[at + 1];
  // ("get it going", "have it done", "leave it running": the object of the verb before, not a new clause.)
  if (causativeVerbs.has(tokens[at - 1]?.norm ?? '') || next?.tags.has('Gerund')) return false;
  return Boolean(next && isVerb(next) && !next.tags.has('Infinitive'));
}

/** Verbs whose object is followed by what it is made to do or be: "get it going", "have it checked". */
const causativeVerbs = new Set(['get', 'got', 'have', 'had', 'keep', 'leave', 'make', 'let', 'set', 'want', 'need', 'see', 'watch']);

/** "any service you can get at", "the circuit you're working on": a verb whose preposition ends the clause describes the thing before it. */
function strandedPreposition(tokens: Token[], at: number): boolean {
  const verb = actorVerbAt(tokens, at);
  const after = verb === null ? undefined : tokens[verb + 1];
  // ("the person we normally deal with and confirm…": a joining word after the preposition ends the relative clause too.)
  const closed = (word: Token | undefined) => !word || ['and', 'or', 'but', 'then', 'so', 'because', 'before', 'when', 'if'].includes(word.norm);
  return Boolean(isSubjectPronoun(tokens[at]) && after && ['at', 'on', 'in', 'with', 'for', 'to', 'from', 'about', 'into'].includes(after.norm) && (closed(tokens[verb! + 2]) || endsClause(after)));
}

/** After a comma, an instruction, its verb maybe after "always" or "just" ("Out on the route, always work in pairs"). */
function actionAfterAdverb(tokens: Token[], index: number): boolean {
  const at = ['always', 'just', 'also', 'first', 'now'].includes(tokens[index]!.norm) && tokens[index + 1] ? index + 1 : index;
  return actionStartsAt(tokens, at) && (actorVerbAt(tokens, at) !== null || passiveAt(tokens, at) !== null || takesObject(tokens, at));
}

/** "rig the ladder on the lee side, clear of any discharges": "clear of", "free of" describe, they do not instruct. */
const adjectiveOf = (tokens: Token[], at: number) => ['clear', 'free', 'short', 'ahead', 'full', 'aware', 'careful', 'wary'].includes(tokens[at]!.norm) && tokens[at + 1]?.norm === 'of';

/** "sign the sheet, date, time, your initials", "in the book: date, time, item": a word that names a thing, between commas (or after a colon), goes on with a list. */
const listsOn = (tokens: Token[], at: number) => (/[,:]/.test(tokens[at - 1]?.post ?? '') && /,/.test(tokens[at]!.post) && isNounWord(tokens[at]!.norm) && !commonActionVerbs.has(tokens[at]!.norm)) || lastOfList(tokens, at);

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
const jottedState = (current: Token[]) =>
  current.length >= 2 && current.length <= 3 && /,/.test(current[current.length - 1]!.post) && ['on', 'off', 'in', 'out', 'up', 'down', 'open', 'shut', 'closed'].includes(current[current.length - 1]!.norm) && current.slice(0, -1).every((token) => (isNoun(token) || isNounWord(token.norm) || determiners.has(token.norm)) && !token.tags.has('Pronoun'));

/** Where a bare imperative can open a new clause in unpunctuated speech: an object follows it. */
function bareImperativeAt(tokens: Token[], at: number): boolean {
  if (particles.has(tokens[at]!.norm) || stativeVerbs.has(tokens[at]!.norm) || !isInstructionVerb(tokens, at)) return false;
  // "the intake form on the tablet": a noun after a noun ends a compound, unless procedures use it as a verb.
  if (isNoun(tokens[at]) && !isVerb(tokens[at]) && isNoun(tokens[at - 1]) && !endsClause(tokens[at - 1]) && !commonActionVerbs.has(tokens[at]!.norm) && !nounsUsedAsVerbs.has(tokens[at]!.norm)) return false;
  // "read the meters gas electric water": a word that names a thing, after a noun and before no object of its own, goes on listing.
  if (isNoun(tokens[at - 1]) && !endsClause(tokens[at - 1]) && isNounWord(tokens[at]!.norm) && !commonActionVerbs.has(tokens[at]!.norm) && !nounsUsedAsVerbs.has(tokens[at]!.norm) && tokens[at + 1] && !determiners.has(tokens[at + 1]!.norm) && !tokens[at + 1]!.tags.has('Pronoun') && !tokens[at + 1]!.tags.has('Possessive') && !tokens[at + 1]!.tags.has('Value') && !particles.has(tokens[at + 1]!.norm)) return false;
  let next = tokens[at + 1];
  // "take out the toner": a phrasal verb's particle, then its object.
  if (next && particles.has(next.norm) && tokens[at + 2] && (determiners.has(tokens[at + 2]!.norm) || isNoun(tokens[at + 2]) || tokens[at + 2]!.tags.has('Adjective'))) next = tokens[at + 2];
  // "roll back to the snapshot": a phrasal verb, then where to (not "the floor sign out at…", a compound's last noun).
  else if (next && particles.has(next.norm) && !(isNoun(tokens[at - 1]) && !tokens[at - 1]!.tags.has('Plural') && !endsClause(tokens[at - 1])) && tokens[at + 2]?.tags.has('Preposition') && !particles.has(tokens[at + 2]!.norm) && determiners.has(tokens[at + 3]?.norm ?? '') && canBeVerb(tokens[at]!.norm)) next = tokens[at + 3];
  if (!next) return commonActionVerbs.has(tokens[at]!.norm);
  // "…the car park the fire wardens sweep…": the word ends a noun phrase, a new subject follows.
  if (actorVerbAt(tokens, at + 1) !== null || statementStartsAt(tokens, at + 1)) return false;
  // ("swap it don't ever fly…": a prohibition after the pronoun starts a clause of its own.)
  if (next.tags.has('Pronoun')) return !isVerb(tokens[at + 2]);
  // "the status page every thirty minutes": a time, not an object.
  if (['every', 'each'].includes(next.norm) && (tokens[at + 2]?.tags.has('Value') || tokens[at + 2]?.tags.has('Date') || tokens[at + 2]?.tags.has('Duration'))) return false;
  return determiners.has(next.norm) || next.tags.has('Possessive') || next.tags.has('Value') || next.tags.has('ProperNoun') || (isBaseVerb(tokens[at]) && (isNoun(next) || next.tags.has('Adjective')));
}

/** Prepositions that stay prepositions even after "the" ("the on call"); "till" is not among them. */
const corePrepositions = new Set(['on', 'in', 'at', 'of', 'for', 'to', 'by', 'with', 'up', 'off', 'out', 'over', 'under', 'from', 'into']);

/** Words that follow a verb and its object ("drive it forward", "put it back"), never a new instruction. */
export const particles = new Set(['forward', 'back', 'out', 'up', 'down', 'over', 'away', 'off', 'around', 'round', 'in', 'on', 'through', 'along', 'aside']);

const qualifyingClause = (current: Token[]) => current.length > 0 && subordinatorAt(current, 0) > 0;
const isSubjectPronoun = (token: Token | undefined) => Boolean(token && ['you', 'we', 'i'].includes(token.norm));

/**
 * "(isn't) in our area", "(be logged) on the supplier changes tracker": what follows a preposition opens its object
 * ("comes in the delivery…": after a verb of the present, a particle opens nothing).
 */
const objectOfPreposition = (tokens: Token[], at: number) =>
  Boolean(tokens[at - 1]?.tags.has('Preposition') || tokens[at - 1]?.tags.has('Particle')) && !(particles.has(tokens[at - 1]!.norm) && isVerb(tokens[at - 2]) && !tokens[at - 2]!.tags.has('Copula') && !tokens[at - 2]!.tags.has('PastTense'));

/** "both of you", "one of us": some of the people, said as a subject. */
export const peopleOf = (tokens: Token[], at: number) => ['one', 'both', 'each', 'either', 'all', 'two'].includes(tokens[at]?.norm ?? '') && tokens[at + 1]?.norm === 'of' && ['you', 'us'].includes(tokens[at + 2]?.norm ?? '');

/** "…and the fryers go to 350": a clause with a subject of its own, whoever or whatever it is. */
function subjectClauseAt(tokens: Token[], at: number): boolean {
  if (!tokens[at] || !determiners.has(tokens[at]!.norm) || ['this', 'that'].includes(tokens[at]!.norm)) return false;
  let index = at + 1;
  while (index < tokens.length && index - at < 5 && (isNoun(tokens[index]) || tokens[index]!.tags.has('Adjective'))) index++;
  const verb = tokens[index];
  return index > at + 1 && isNoun(tokens[index - 1]) && Boolean(verb && isVerb(verb) && !verb.tags.has('Gerund') && !verb.tags.has('PastTense'));
}

/** "the address is printed…", "the light should be green": a noun phrase, then a copula or a modal (not "the toner shake it"). */
function stateClauseAt(tokens: Token[], at: number): boolean {
  let index = at + 1;
  while (index < tokens.length && index - at < 5 && (isNoun(tokens[index]) || tokens[index]!.tags.has('Adjective'))) index++;
  const verb = tokens[index];
  // "the tour takes about ten minutes": a third-person verb, not a base form ("the toner shake it").
  const thirdPerson = Boolean(verb && verb.tags.has('PresentTense') && !verb.tags.has('Infinitive') && /[^s]s$/.test(verb.norm));
  return index > at + 1 && isNoun(tokens[index - 1]) && Boolean(verb && (verb.tags.has('Copula') || verb.tags.has('Modal') || thirdPerson));
}

/** "At handout, confirm…": a fronted phrase with no verb of its own. */
// ("The day before, the driver phones…", "Each morning, check…": a time said before the clause, too.)
const fronted = (current: Token[], opensSentence = false) =>
  current.length > 0 &&
  current.length <= 6 &&
  !hasVerb(current) &&
  (current[0]!.tags.has('Preposition') ||
    (current.length >= 2 && ['the', 'each', 'every', 'on'].includes(current[0]!.norm) && current.slice(1).every((token) => timeWords.has(token.norm) || token.tags.has('Date'))) ||
    // ("the rails, nail them on", "the tops of the posts, cut them at an angle": the thing talked about, then what to do with it.)
    (opensSentence && current.length >= 2 && current[0]!.norm === 'the' && isNoun(current[current.length - 1]) && /,/.test(current[current.length - 1]!.post)));

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

/** "name + photo ID": after a plus, a noun that procedures also use as a verb, before a bare noun, is one more thing. */
const plusJoinsThings = (tokens: Token[], at: number) =>
  nounsUsedAsVerbs.has(tokens[at]?.norm ?? '') && !isBaseVerb(tokens[at]) && !commonActionVerbs.has(tokens[at]!.norm) && isNoun(tokens[at + 1]) && !determiners.has(tokens[at + 1]!.norm);

/** "let it run", "have them sign": the verb after a causative's object belongs to it. */
const causatives = new Set(['let', 'lets', 'make', 'makes', 'have', 'has', 'help', 'helps', 'watch', 'see', 'hear', 'get']);

/** "check that the lights work": a complement clause whose verb has not come yet. */
function awaitsComplementVerb(current: Token[]): boolean {
  const opener = current.findLastIndex((token, index) => index > 0 && ['that', 'whether', 'if'].includes(token.norm));
  return opener > 0 && !current.slice(opener + 1).some((token) => isVerb(token));
}

/** A condition or trigger opening at `at` ("if", "once", "as soon as"); its length. */
export function subordinatorAt(tokens: Token[], at: number): number {
  const token = tokens[at];
  if (!token) return 0;
  const phrase = longestPhraseAt(tokens, at, triggerPhrases);
  if (phrase) return phrase;
  if (conditionStarts.has(token.norm)) return 1;
  if (!triggerStarts.has(token.norm)) return 0;
  // ("as soon as it arrives", "as long as it's dry": the second "as" is part of the first one's phrase.)
  if (token.norm === 'as' && tokens[at - 2]?.norm === 'as') return 0;
  // "if it's before seven": after "is" it says when, it opens no clause.
  if (['is', 'are', 'was', 'were'].includes(tokens[at - 1]?.norm ?? '')) return 0;
  // "after (like) fifteen minutes", "before 5 pm" are times, not clauses.
  if (timeFollows(tokens, at + 1)) return 0;
  // "after lunch", "until 5 pm" are times, not clauses: a clause has a verb soon after.
  // ("if you can't finish before the half (7.05pm), tell…": the verb must come before the phrase's comma.)
  const soon = tokens.slice(at + 1, at + 7);
  const end = soon.findIndex((next) => /[,;:.!?]/.test(next.post));
  return (end < 0 ? soon : soon.slice(0, end + 1)).some((next) => isVerb(next)) ? 1 : 0;
}

/** "(after) like fifteen minutes", "(before) 5 pm", "(until) a couple of days": an amount of time from `at`. */
function timeFollows(tokens: Token[], at: number): boolean {
  return timeEnd(tokens, at) > 0;
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

/** "after (about) five minutes check…": a time that leads into an instruction; where the instruction starts, or 0. */
function timeThenAction(tokens: Token[], at: number): number {
  if (!['after', 'within', 'in'].includes(tokens[at]?.norm ?? '')) return 0;
  const end = timeEnd(tokens, at + 1);
  return end && actionStartsAt(tokens, end) ? end : 0;
}

/** Where an amount of time starting at `at` ends (the index after its unit), or 0. */
function timeEnd(tokens: Token[], at: number): number {
  let index = at;
  while (['like', 'about', 'around', 'maybe', 'roughly', 'approximately', 'a', 'an', 'couple', 'few', 'of'].includes(tokens[index]?.norm ?? '') && index - at < 4) index++;
  while (tokens[index]?.tags.has('Value') && index - at < 6) index++;
  return index > at && timeUnits.test(tokens[index]?.norm ?? '') ? index + 1 : 0;
}
const timeUnits = /^(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|pm|am)$/;

/** "Parcels that have not been collected after 14 days are returned…": the "after" is still the subject's. */
function insideSubject(tokens: Token[], current: Token[], at: number): boolean {
  const start = tokens.indexOf(current[0]!);
  const thing = start >= 0 ? thingClauseAt(tokens, start) : null;
  return Boolean(thing && thing.subjectEnd > at);
}

const modals = new Set(['should', 'will', 'would', 'can', 'could', 'must', 'may', 'might', 'shall']);

/** Removes fillers, stutters ("the the") and false starts ("click on no sorry double-click…"). */
export function dropFillers(tokens: Token[]): Token[] {
  const kept: Token[] = [];
  let clauseStart = 0;
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    const previous = kept[kept.length - 1];
    // ("you taste it- well someone tastes it": a word cut off with a dash, then "well", starts the clause again.)
    const cutOff = previous && /-\s*$/.test(previous.post) && !/-\s*$/.test(previous.text) && token.norm === 'well' ? 1 : 0;
    const correction = longestPhraseAt(tokens, index, corrections) || cutOff;
    if (correction && kept.length > clauseStart) {
      // "click on no sorry double click on…": the words since the corrected verb go.
      const from = Math.max(clauseStart, kept.length - 6);
      let restart = -1;
      for (let at = kept.length - 1; at >= from; at--) if (isBaseVerb(kept[at]) || isSubject(kept[at])) restart = at;
      if (restart >= 0) kept.splice(restart);
      // ("ring them when you're close actually no pull over…": the condition left hanging goes too.)
      while (kept.length > clauseStart && ['when', 'if', 'once', 'before', 'after', 'while', 'and', 'then'].includes(kept[kept.length - 1]!.norm)) kept.pop();
      const kept0 = kept[kept.length - 1];
      if (kept0 && kept.length > clauseStart && (isBaseVerb(tokens[index + correction]) || canBeVerb(tokens[index + correction]?.norm ?? "")) && !/[,;:.!?]/.test(kept0.post)) kept0.post = `,${kept0.post}`;
      index += correction - 1;
      continue;
    }
    const filler = longestPhraseAt(tokens, index, fillerPhrases);
    // "post what you know", "everything you know": not a filler there.
    // "unless you know them", "if you mean the red one": a verb with its object is not a filler.
    const objectAfter = filler === 2 && token.norm === 'you' && Boolean(tokens[index + 2] && (tokens[index + 2]!.tags.has('Pronoun') || determiners.has(tokens[index + 2]!.norm)) && !endsClause(tokens[index + 1]));
    const content = filler && ((token.norm === 'you' && ['what', 'that', 'which', 'everything', 'anything', 'all', 'as', 'if', 'unless', 'when'].includes(previous?.norm ?? '')) || objectAfter);
    if (filler && !content) {
      carryPunctuation(tokens[index + filler - 1]!, previous);
      // "…it's happened believe me turn the gas on": said to the listener between two clauses, it marks where one ends.
      if (previous && ['bear', 'trust', 'believe'].includes(token.norm) && !/[,;:.!?]/.test(previous.post)) previous.post = `,${previous.post}`;
      index += filler - 1;
      continue;
    }
    const atClauseStart = !previous || endsClause(previous) || kept.length === clauseStart;
    const isFiller =
      fillerWords.has(token.norm) &&
      // ("500 mm", "12 m": after a number it is a unit; "record mm on the sheet": after a verb, what is recorded.)
      !(['mm', 'm'].includes(token.norm) && (previous?.tags.has('Value') || (token.norm === 'mm' && isVerb(previous)))) &&
      // ("chalk "OK" on the door": a quoted word is what to write or press.)
      !/["“‘]/.test(token.pre) &&
      // "click OK", "select Yes": after a verb it is what to press.
      // Sounds ("oh", "um") are never words; "OK", "yes", "right" after a verb are what to press or say.
      (['um', 'umm', 'uh', 'uhh', 'uhm', 'erm', 'er', 'hmm', 'mm', 'ah', 'eh', 'oh'].includes(token.norm) || !(previous && isVerb(previous))) &&
      // ("the first well", "each well": after a determiner or an ordinal it is a noun.)
      !(token.norm === 'well' && previous && (determiners.has(previous.norm) || previous.tags.has('Ordinal') || previous.tags.has('Adjective'))) &&
      (!['like', 'well', 'yes', 'right'].includes(token.norm) || atClauseStart || token.tags.has('Expression') || (token.norm === 'well' && isSubject(previous) && isVerb(tokens[index + 1])));
    // ("Test run: run the lift" repeats a word across a colon on purpose.)
    const stutter = previous && previous.norm === token.norm && token.norm.length > 0 && !token.tags.has('Value') && !/[:;,.–—-]/.test(previous.post + token.pre);
    // "wait like a minute", "about like thirty seconds": a hedge before an amount.
    const hedge = token.norm === 'like' && Boolean(previous && (isVerb(previous) || canBeVerb(previous.norm) || ['for', 'about', 'around', 'after', 'before', 'within', 'until', 'in'].includes(previous.norm))) && Boolean(tokens[index + 1]?.tags.has('Value') || (['a', 'an'].includes(tokens[index + 1]?.norm ?? '') && /^(?:minute|second|couple|few|bit|hour|day|week|half|quarter)s?$/.test(tokens[index + 2]?.norm ?? '')));
    if (isFiller || stutter || hedge) {
      carryPunctuation(token, previous);
      continue;
    }
    if (!token.text && !token.norm) continue;
    kept.push(token);
    if (endsClause(token) || longestPhraseAt(tokens, index, sequencePhrases)) clauseStart = kept.length;
  }
  return kept;
}

/** A dropped word's full stop or comma stays with the word before it. */
function carryPunctuation(dropped: Token, previous: Token | undefined) {
  if (previous && /[.!?;,]/.test(dropped.post) && !/[.!?;,]/.test(previous.post)) previous.post = dropped.post.trim() + ' ';
}

/** "props (check each prop)", "batteries (make sure…)": a bare plural thing before an instruction with its object. */
export function spokenTopic(tokens: Token[]): boolean {
  const [thing, verb, next] = tokens;
  if (!thing || !verb || !next || !thing.tags.has('Plural') || !isNoun(thing) || thing.tags.has('Actor') || thing.tags.has('Person') || isRole(thing) || /[,;:]/.test(thing.post)) return false;
  if (verb.norm === 'make' && next.norm === 'sure') return true;
  return isBaseVerb(verb) && commonActionVerbs.has(verb.norm) && !stativeVerbs.has(verb.norm) && !stateVerbs.has(verb.norm) && (determiners.has(next.norm) || next.tags.has('Possessive') || ['it', 'them'].includes(next.norm));
}

/** "looks along the train", "look under the seats": looking somewhere is done; "looks fine" is a state. */
export const looksSomewhere = (tokens: Token[], at: number) =>
  ['look', 'looks'].includes(tokens[at]?.norm ?? '') && ['at', 'along', 'under', 'inside', 'in', 'behind', 'around', 'round', 'over', 'through', 'for', 'underneath', 'into'].includes(tokens[at + 1]?.norm ?? '');

/** A sequence word used as one here (not "the next page", "right-click"): its length. */
function sequenceAt(tokens: Token[], at: number): number {
  // ("first thing you drop your crew off…": "first thing" opens the instruction itself; "the first thing you do is" announces it.)
  // ("first thing ask the caller how high up", "that's the first thing yard them up": or with a bare verb.)
  // ("and then last thing, log the bags": so with the last or the next thing.)
  const firstThing = ['first', 'next', 'last', 'final'].includes(tokens[at]?.norm ?? '') && tokens[at + 1]?.norm === 'thing';
  const verbAt = !firstThing ? null : isSubject(tokens[at + 2]) ? actorVerbAt(tokens, at + 2) : tokens[at + 2] && bareImperativeAt(tokens, at + 2) ? at + 2 : null;
  if (verbAt !== null && verbAt <= at + 3 && !['do', 'does', 'want', 'wanna', 'have', 'need', 'got', 'gotta', 'should', 'must', 'is'].includes(tokens[verbAt]!.norm)) return 2;
  const length = longestPhraseAt(tokens, at, sequencePhrases);
  if (!length) return 0;
  const previous = tokens[at - 1];
  const after = at + length;
  // "we then send…", "you should also call…": inside the clause, after its subject or auxiliary.
  // "the clerk then calls…": after a person named as the subject, before their verb, too.
  // ("The sparks then run power…": a plural subject opening the sentence, then its verb.)
  const afterActor = previous && (isRole(previous) || previous.tags.has('Actor') || (at === 2 && previous.tags.has('Plural') && tokens[0]?.norm === 'the' && isBaseVerb(tokens[after]))) && (isThirdPersonVerb(tokens[after]) || (previous.tags.has('Plural') && isBaseVerb(tokens[after])));
  if (previous && ['then', 'also', 'next', 'now', 'finally', 'first'].includes(tokens[at]!.norm) && length === 1 && !endsClause(previous) && (subjectPronouns.has(previous.norm) || modals.has(previous.norm) || afterActor)) return 0;
  // "by then", "the next page" are not sequence words; "put them through then you…" is.
  const particleThenSubject = previous && particles.has(previous.norm) && (isSubject(tokens[after]) || isBaseVerb(tokens[after]) || actorVerbAt(tokens, after) !== null);
  // ("forget that then spin it", "for this then clean it": a pronoun object, then the sequence word.)
  const pronounObject = previous && ['that', 'this', 'it'].includes(previous.norm) && (isVerb(tokens[at - 2]) || tokens[at - 2]?.tags.has('Preposition')) && (isBaseVerb(tokens[after]) || isSubject(tokens[after]));
  if (previous && (determiners.has(previous.norm) || previous.tags.has('Preposition')) && !endsClause(previous) && !particleThenSubject && !pronounObject) return 0;
  // ("and if so we rebook": "if so" is the condition.)
  if (tokens[at]!.norm === 'so' && previous?.norm === 'if') return 0;
  // ("post first aider names": "first" before a role names the role.)
  if (tokens[at]!.norm === 'first' && length === 1 && isRole(tokens[after]) && !endsClause(tokens[at])) return 0;
  if (tokens[at]!.norm === 'so' && length === 1 && tokens.slice(after, after + 5).some((token) => ['can', 'could', 'will', 'would', 'wont', 'doesnt', 'dont', 'isnt'].includes(token.norm))) return 0;
  // ("wipe the plate with oil so they don't rust": what a subject then does not do is the purpose; "so don't forget" instructs.)
  // ("…a red dot so nobody loads the wrong wardrobe": likewise.)
  if (tokens[at]!.norm === 'so' && length === 1 && ((isSubject(tokens[after]) && tokens.slice(after + 1, after + 4).some((token) => token.norm === 'not')) || ['nobody', 'noone', 'nothing', 'no-one'].includes(tokens[after]?.norm ?? ''))) return 0;
  if (['right', 'left', 'double'].includes(tokens[at]!.norm) && /^click/.test(tokens[at + 1]?.norm ?? '')) return 0;
  // "to start the engine, turn the key": a purpose with its object, not "to start (with)".
  if (tokens[at]!.norm === 'to' && ['start', 'begin'].includes(tokens[after - 1]!.norm) && !endsClause(tokens[after - 1]) && tokens[after] && (determiners.has(tokens[after]!.norm) || tokens[after]!.tags.has('Possessive'))) return 0;
  // ("…under the seats. then mats out.": "then" opening a sentence sequences whatever follows it.)
  if (at === 0 && ['then', 'finally'].includes(tokens[0]!.norm) && length === 1 && after < tokens.length) return length;
  // ("before anything you walk round the tree", but "turn on the fans before anything else, that's a safety thing": only before an instruction.)
  if (tokens[at]!.norm === 'before') return actionStartsAt(tokens, after) || (isSubject(tokens[after]) && actorVerbAt(tokens, after) !== null) ? length : 0;
  // ("work through the queue oldest first": a sequence word that closes the sentence says when, it starts nothing.)
  if (after >= tokens.length) return length === 1 && previous && !endsClause(previous) ? 0 : length;
  // "when it's all done", "once that is finished": a long phrase says the step before is over, whatever follows.
  if (endsClause(tokens[after - 1]) || length >= 4) return length;
  // "…and then the brakes": a step that names only its object, after "and then" / "after that".
  if (length >= 2 && determiners.has(tokens[after]!.norm) && isNoun(tokens[after + 1])) return length;
  // ("…on all the fermenters first look at the display": after a sequence word, a word that can be a verb, before a
  // preposition or an article, is one, whatever the tagger made of "first look".)
  const verbAfter = length === 1 && canBeVerb(tokens[after]!.norm) && isNounWord(tokens[after]!.norm) && !tokens[after]!.tags.has('Plural') && Boolean(tokens[after + 1] && (determiners.has(tokens[after + 1]!.norm) || (tokens[after + 1]!.tags.has('Preposition') && !['of'].includes(tokens[after + 1]!.norm))));
  // ("next a fresh bib goes down on the tray": where a thing goes is what to do with it.)
  return verbAfter || actionStartsAt(tokens, after) || (tokens[at]!.norm === 'then' && namedStepAt(tokens, after)) || spokenTopic(tokens.slice(after)) || subordinatorAt(tokens, after) || sequenceAt(tokens, after) || isSubject(tokens[after]) || statementStartsAt(tokens, after) || timeThenAction(tokens, after) || timeThenSubject(tokens, after) || thingClauseAt(tokens, after)?.kind === 'motion' ? length : 0;
}

/** A word of a day or a time said bare: "friday", "3", "at", "around". */
export const saysWhen = (token: Token) => ['Date', 'Time', 'Value', 'Duration'].some((tag) => token.tags.has(tag)) || ['at', 'on', 'by', 'about', 'around'].includes(token.norm);

/** "(then) friday at 3 you go in": a day or a time, then someone doing something. */
function timeThenSubject(tokens: Token[], at: number): boolean {
  let index = at;
  while (index - at < 5 && tokens[index] && saysWhen(tokens[index]!)) index++;
  return index > at && isSubject(tokens[index]) && actorVerbAt(tokens, index) !== null;
}

/** "…then PPE chaps helmet visor gloves then…": things named with no verb up to the next "then" are a step said as a note. */
function namedStepAt(tokens: Token[], at: number): boolean {
  const first = tokens[at];
  if (!first || first.tags.has('Pronoun') || isSubject(first) || !(isNoun(first) || first.tags.has('Acronym')) || isVerb(first)) return false;
  let end = at;
  while (end < tokens.length && tokens[end]!.norm !== 'then' && end - at < 14) end++;
  const named = tokens.slice(at, end);
  return named.length >= 3 && named.every((token) => (isNoun(token) && !isVerb(token)) || token.tags.has('Acronym') || token.tags.has('Adjective') || ['and', 'or', 'no', 'even', 'for', 'a', 'the', 'one'].includes(token.norm));
}

const hasVerb = (tokens: Token[]) => tokens.some((token) => isVerb(token) && !token.tags.has('Auxiliary'));
/** Unpunctuated running speech, as a recogniser writes it: long, no full stop at the end, hardly a comma. */
// (A long run of talk with a full stop at its end is still unpunctuated inside: "…you ring the bell and then once everyone's out you lock the door.")
const isSpeechLike = (tokens: Token[]) =>
  tokens.length > (/[.!?]/.test(tokens[tokens.length - 1]?.post ?? '') ? 24 : 14) && tokens.slice(0, -1).filter((token) => /[,;:.!?]/.test(token.post)).length <= tokens.length / 40;

/**
 * Splits a sentence into clauses where a new instruction, condition or trigger starts:
 * at sequence words, at "and"/"but" before a new action, at a comma before one, before
 * "you/we/I + verb", and, in unpunctuated speech, before a bare imperative that follows
 * the previous clause's object.
 */
export function splitClauses(sentence: Token[], options: { terse?: boolean; speech?: boolean } = {}): Clause[] {
  const tokens = withoutSubjectAside(dropFillers(sentence));
  const speech = options.speech ?? isSpeechLike(tokens);
  if (speech && !options.speech) return retagged(splitClauses(sentence, { ...options, speech: true }), options);
  const cut: Cut = { tokens, options, speech, clauses: [], current: [], flags: { sequenced: false, before: false, continuesSubject: false }, depth: 0 };
  for (let index = 0; index < tokens.length; ) index = readWord(cut, index);
  flush(cut);
  return cut.clauses;
}

/** A sentence being cut into clauses: its words, the clauses cut so far, and the clause being read. */
interface Cut {
  tokens: Token[];
  options: { terse?: boolean; speech?: boolean };
  speech: boolean;
  clauses: Clause[];
  /** The words of the clause being read. */
  current: Token[];
  /** How the clause being read was joined to the one before it. */
  flags: Omit<Clause, 'tokens'>;
  /** How many parentheses are open at the word being read. */
  depth: number;
}

/** The word being read, the word before it, and whether the clause being read had started before it. */
interface WordAt {
  index: number;
  token: Token;
  previous: Token | undefined;
  started: boolean;
}

/** Ends the clause being read, if it has words, and opens the next. */
function flush(cut: Cut) {
  const current = cut.current;
  // (A join left at the end goes; "if so" keeps its "so".)
  while (current.length > 0 && ['and', 'but', 'or', 'so', 'plus'].includes(current[current.length - 1]!.norm) && !(current[current.length - 1]!.norm === 'so' && current[current.length - 2]?.norm === 'if')) current.pop();
  // A second cut where the clause was just cut keeps the punctuation it was cut at.
  const joint = current.length === 0 ? cut.flags.joint : undefined;
  if (current.length > 0) cut.clauses.push({ tokens: current, ...cut.flags });
  cut.current = [];
  cut.flags = { sequenced: false, before: false, continuesSubject: false, ...(joint ? { joint } : {}) };
}

/** Reads the word at `index` into the clause being read, cutting the sentence before it where a new clause starts; the index to read on from. */
function readWord(cut: Cut, index: number): number {
  const { tokens } = cut;
  const token = tokens[index]!;
  const previous = tokens[index - 1];
  // ("…takes the fee, orders the badge, and records…": after the same person's verb list, its verb is there even if the tagger read a noun.)
  const started = cut.current.length > 0 && (hasVerb(cut.current) || (cut.current.length <= 8 && actorVerbAt(cut.current, 0) !== null) || Boolean((cut.flags.gapped || cut.flags.continuesSubject) && cut.current.length >= 2) || (cut.current.length >= 3 && passiveAt(cut.current, 0) !== null));
  // Nothing inside parentheses opens a clause: an aside stays whole, with the words it explains.
  cut.depth = Math.max(0, cut.depth + (`${previous?.post ?? ''}${token.pre}`.match(/\(/g)?.length ?? 0) - (previous?.post.match(/\)/g)?.length ?? 0));
  // Nor does the second half of a hyphenated word ("the all-clear").
  if (cut.depth > 0 || (previous && /^-$/.test(previous.post))) {
    cut.current.push(token);
    return index + 1;
  }
  const here: WordAt = { index, token, previous, started };
  const afterMarks = cutAtMarks(cut, here);
  if (afterMarks !== undefined) return afterMarks;
  cutBeforeInstruction(cut, here);
  // "the little brush we keep under the counter": no clause starts inside a noun's description.
  // ("before i touch anything i ask for id": after a clause that says when, with its own subject and verb, no relative clause.)
  const whenClauseDone = qualifyingClause(cut.current) && cut.current.length >= 3 && isSubject(cut.current[1]) && actorVerbAt(cut.current, 1) !== null;
  if (cut.current.length > 0 && reducedRelative(tokens, index) && !whenClauseDone) {
    cut.current.push(token);
    return index + 1;
  }
  const after = cutAtSequence(cut, here) ?? cutAtJoin(cut, here) ?? cutAtNextAction(cut, here) ?? cutAtAnnouncement(cut, here);
  if (after !== undefined) return after;
  cutBeforeWord(cut, here, whenClauseDone);
  cut.current.push(token);
  return index + 1;
}

/** Cuts at a semicolon, a colon, a dash or an arrow, at a comma of notes, and at a plus between two things to do; the index to read on from, if the word was read. */
function cutAtMarks(cut: Cut, here: WordAt): number | undefined {
  const { tokens, options } = cut;
  const { index, token, previous } = here;
  // ("record every refusal in the book: date, time, item, description of the person": what it lists stays with it.)
  const listed = !options.terse && /:/.test(previous?.post ?? '') && hasVerb(cut.current) && thingsListedFrom(tokens, index);
  if (cut.current.length > 0 && previous && /[;:–—]|->|→|\s-\s/.test(previous.post + token.pre) && !listed) {
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
function cutBeforeInstruction(cut: Cut, here: WordAt) {
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
function cutAtSequence(cut: Cut, here: WordAt): number | undefined {
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
function cutAtJoin(cut: Cut, here: WordAt): number | undefined {
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
    let next = index + 1 + announcedAfterJoin;
    if (tokens[next]?.norm === 'to' && isBaseVerb(tokens[next + 1])) next++;
    return next;
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
function cutAtNextAction(cut: Cut, here: WordAt): number | undefined {
  const { tokens } = cut;
  const { index, token, previous, started } = here;
  if (started && ['and', 'but', 'plus'].includes(token.norm) && cut.current.length >= 2) {
    // ("…and then goes out": "then" before the same person's next verb.)
    const next = index + 1 + (sequenceAt(tokens, index + 1) || (['then', 'also'].includes(tokens[index + 1]?.norm ?? '') && isThirdPersonVerb(tokens[index + 2]) ? 1 : 0));
    // "…and seal it": a verb on the same object is part of the same step.
    const followOn = tokens[next + 1]?.tags.has('Pronoun') && (next + 2 >= tokens.length || endsClause(tokens[next + 1]));
    // "The manager reviews it and signs the form": the same person's next action.
    // ("…and asks the standard questions": a third-person verb before its article, whatever the tagger called it.)
    const sameActor = (actorVerbAt(cut.current, 0) !== null || cut.flags.continuesSubject) && ((isThirdPersonVerb(tokens[next]) && (!isNoun(tokens[next]) || determiners.has(tokens[next + 1]?.norm ?? ''))) || actsOnObject(tokens, next)) && next + 1 < tokens.length;
    // "wait until the passenger is off and the crew has given the all-clear": still what to wait for.
    const awaited = cut.current.some((word, at) => at > 0 && ['until', 'till'].includes(word.norm) && /^wait/.test(cut.current[at - 1]!.norm));
    const conjoinedCondition = (qualifyingClause(cut.current) || awaited) && (subjectClauseAt(tokens, next) || actorVerbAt(tokens, next) !== null) && !isSubjectPronoun(tokens[next]);
    // "…turn it on and it should go straight into autopilot": what happens next explains the step.
    // "…chef gets mad and that all goes in the walk-in": where a thing goes is a step of its own.
    const aside = (statementStartsAt(tokens, next) && !qualifyingClause(cut.current)) || thingClauseAt(tokens, next)?.kind === 'motion';
    // "you sign and date the log": a verb with no object yet shares the next verb's object.
    const words = cut.current.filter((word) => !subjectPronouns.has(word.norm) && !auxiliaryWords.has(word.norm));
    const sharedObject = words.length === 1 && isBaseVerb(words[0]) && token.norm === 'and' && isBaseVerb(tokens[next]) && !aside;
    // ("get the make and model": a last word after a noun, a noun too, whatever verb it can be.)
    const lastNoun = next === tokens.length - 1 && isNoun(previous) && (isNoun(tokens[next]) || isNounWord(tokens[next]!.norm)) && !commonActionVerbs.has(tokens[next]!.norm);
    // ("don't try and fix it", "go and get the keys": "and" joins two verbs said as one.)
    const serialVerb = token.norm === 'and' && ['try', 'go', 'come'].includes(previous?.norm ?? '') && !/[,;:]/.test(previous?.post ?? '') && next === index + 1;
    // ("people forget that and then wonder why the queue's backing up": what people in general do next is still theirs.)
    const theirs = peopleGoOn(cut.current, tokens[next]);
    if (((actionStartsAt(tokens, next) && (!followOn || sameActor)) || sameActor || subjectClauseAt(tokens, next) || aside) && !conjoinedCondition && !sharedObject && !lastNoun && !serialVerb && !theirs) {
      flush(cut);
      cut.flags.continuesSubject = sameActor;
      cut.flags.conjoined = true;
      return index + 1;
    }
  }
  // "The agent checks the interior, closes the agreement, and emails…": the same person's next action after a comma.
  if (started && endsClause(previous) && /,/.test(previous?.post ?? '') && (actorVerbAt(cut.current, 0) !== null || cut.flags.continuesSubject) && ((isThirdPersonVerb(token) && !isNoun(token)) || actsOnObject(tokens, index)) && tokens[index + 1] && !endsClause(token)) {
    flush(cut);
    cut.flags.continuesSubject = true;
    cut.flags.conjoined = true;
    cut.current.push(token);
    return index + 1;
  }
  return undefined;
}

/** Cuts before a step announced mid-sentence ("…the first thing is…"); the index to read on from, if the word was read. */
function cutAtAnnouncement(cut: Cut, here: WordAt): number | undefined {
  const { tokens } = cut;
  const { index } = here;
  const announcement = cut.current.length > 0 ? longestPhraseAt(tokens, index, midAnnouncements) || thingToDoAt(tokens, index) : 0;
  if (!announcement) return undefined;
  // ("the first thing is…": the article is the announcement's.)
  if (cut.current.length === 1 && cut.current[0]!.norm === 'the') cut.current = [];
  flush(cut);
  cut.flags.sequenced = true;
  let next = index + announcement;
  // ("the first job is to clear the silt": the "to" is the announcement's too.)
  if (tokens[next]?.norm === 'to' && isBaseVerb(tokens[next + 1])) next++;
  return next;
}

/** Cuts before the word where it opens a clause of its own: a condition, someone doing something, a statement, a caution or an instruction. */
function cutBeforeWord(cut: Cut, here: WordAt, whenClauseDone: boolean) {
  const { tokens, speech } = cut;
  const { index, token, previous, started } = here;
  // A clause opened by "if", "once", "after"…, even where the tagger missed its verb ("once that goes through").
  const qualifying = cut.current.length > 0 && (subordinatorAt(cut.current, 0) > 0 || conditionStarts.has(cut.current[0]!.norm) || triggerStarts.has(cut.current[0]!.norm));
  // ("you'll burn someone otherwise, it's happened": "otherwise" closing a clause belongs to it.)
  if (started && token.norm === 'otherwise' && !(index === tokens.length - 1 || endsClause(token))) {
    flush(cut);
  } else if (started && subordinatorAt(tokens, index) && !asksWhether(tokens, index) && !verbGovernors.has(previous?.norm ?? '') && !(previous && ['for', 'until', 'till', 'from', 'since'].includes(previous.norm)) && !(/^wait/.test(previous?.norm ?? '') && ['until', 'till'].includes(token.norm)) && !insideSubject(tokens, cut.current, index)) {
    // ("wait until the crew has given the all-clear": what to wait for, not a trigger.)
    flush(cut);
  } else if ((started || qualifying || fronted(cut.current, index === cut.current.length || cut.flags.sequenced) || jottedState(cut.current)) && endsClause(previous) && !listsOn(tokens, index) && !adjectiveOf(tokens, index) && actionAfterAdverb(tokens, index)) {
    flush(cut);
  } else if (
    whenClauseDone && isSubjectPronoun(token) && actorVerbAt(tokens, index) !== null &&
    !['if', 'whether', 'what', 'how', 'when', 'where', 'why'].includes(previous?.norm ?? '') && !(previous?.norm === 'that' && ['see', 'know', 'think', 'say', 'says', 'find', 'realise', 'realize', 'notice', 'sure', 'check'].includes(tokens[index - 2]?.norm ?? ''))
  ) {
    // ("before i touch anything i ask for id", "while they're doing that i print the wristband": after a clause that says
    // when, with its own subject and verb, the speaker's next subject and verb are the instruction.)
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
  } else if (started && statementStartsAt(tokens, index) && !isGoverning(previous, tokens[index - 2]) && (endsObject(previous, tokens[index - 2]) || endsClause(previous))) {
    flush(cut);
  } else if (speech && started && cut.current.length >= 2 && determiners.has(token.norm) && (endsObject(previous, tokens[index - 2]) || endsPredicate(previous, tokens[index - 2]) || ((previous?.tags.has('Adjective') || isParticiple(previous)) && qualifyingClause(cut.current))) && !isGoverning(previous, tokens[index - 2]) && (passiveAt(tokens, index) !== null || stateClauseAt(tokens, index) || thingClauseAt(tokens, index)?.kind === 'motion')) {
    // "…on the boxes the address is printed on the label": a new subject after an object.
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
    !(previous && (previous.tags.has('Value') || determiners.has(previous.norm) || /['’]s$/.test(previous.text)) && !endsClause(previous) && !isSaid(previous, tokens[index - 2])) &&
    (!isGoverning(previous, tokens[index - 2]) || obligedRoleAt(tokens, index)) &&
    !reportsSpeech(cut.current) &&
    !strandedPreposition(tokens, index) &&
    // ("one of you guiding her", "both of you check": "of you" is no subject of its own; the people are.)
    !(previous?.norm === 'of' && peopleOf(tokens, index - 2)) &&
    !(!isSubject(token) && objectOfPreposition(tokens, index)) &&
    // ("on the all-office teams channel": a word after an article and its adjective is inside the noun phrase.)
    !(!isSubject(token) && previous?.tags.has('Adjective') && determiners.has(tokens[index - 2]?.norm ?? '') && !endsClause(previous)) &&
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
      // ("if it came by email or Teams": after a preposition that is no particle comes its object.)
      !(['by', 'with', 'for', 'from', 'of', 'via', 'at', 'to', 'into', 'onto', 'about', 'per'].includes(previous?.norm ?? '') && !endsClause(previous)) &&
      // ("before leaving for the first visit of the shift": the noun after an article and an ordinal or adjective.)
      !(isNoun(token) && !isVerb(token) && determiners.has(tokens[index - 2]?.norm ?? '') && Boolean(previous?.tags.has('Ordinal') || previous?.tags.has('Adjective')) && !endsClause(previous)) &&
      (endsFiniteVerb(previous) || endsObject(previous, tokens[index - 2]) || (previous?.tags.has('Adjective') && (isVerb(tokens[index - 2]) || (isBaseVerb(token) && !isNoun(token)))) || (particles.has(previous?.norm ?? '') && commonActionVerbs.has(token.norm)) || (endsSubjectVerb(previous, tokens[index - 2]) && !endsClause(token) && index < tokens.length - 1)),
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
    (endsObject(previous, tokens[index - 2]) || endsPredicate(previous, tokens[index - 2]) || endsParticle(previous, tokens[index - 2], tokens[index - 3])) &&
    // ("you watch them take it": a causative's object, then what they do.)
    !(causatives.has(current[isSubject(current[0]) ? 1 : 0]?.norm ?? '') && current.length <= (isSubject(current[0]) ? 4 : 3)) &&
    // ("tape the entrance shut strap the box": the state the object is left in, then the next verb.)
    !(resultStates.has(token.norm) && bareImperativeAt(tokens, index + 1)) &&
    !awaitsComplementVerb(current) &&
    !introducesHowTo(current)
  );
}

/**
 * In unpunctuated speech the tagger reads every word in the light of the run before it, and
 * takes verbs for nouns ("…the customer look for…"). Each clause found is tagged again as a
 * sentence of its own, where an instruction's verb opens it, and split again.
 */
function retagged(clauses: Clause[], options: { terse?: boolean }): Clause[] {
  return clauses.flatMap((clause) => {
    if (clause.tokens.length < 4) return [clause];
    const [sentence, ...more] = tagSentences(render(clause.tokens));
    if (!sentence || more.length > 0) return [clause];
    const parts = splitClauses(sentence, { ...options, speech: true });
    // A word left on its own ("…until it runs | clear") is no clause: the first reading stands.
    if (parts.some((part) => part.tokens.length < 2)) return [clause];
    return parts.map((part, index) => (index === 0 ? { ...clause, tokens: part.tokens } : part));
  });
}

/** "emails the receipt": a word read as a plural noun that is a verb with its object after a known subject. */
// ("the porter checks whether the patient…": or on a question it settles.)
const actsOnObject = (tokens: Token[], at: number) => /s$/.test(tokens[at]?.norm ?? '') && (determiners.has(tokens[at + 1]?.norm ?? '') || ['whether', 'if', 'that'].includes(tokens[at + 1]?.norm ?? '')) && (canBeVerb(tokens[at]!.norm.replace(/s$/, '')) || isDoneBySomeone(tokens[at]!.norm.replace(/s$/, '')));

/**
 * "A second approver, who must be a supervisor, reviews the entry": the aside between the
 * person and their verb says who they are, not what to do; the sentence is read without it.
 */
function withoutSubjectAside(tokens: Token[]): Token[] {
  const at = tokens.findIndex((token, index) => index > 0 && index <= 6 && token.norm === 'who' && /,/.test(tokens[index - 1]!.post));
  if (at < 0 || actorVerbAt(tokens.slice(0, at), 0) !== null) return tokens;
  const end = tokens.findIndex((token, index) => index > at && index <= at + 12 && /,/.test(token.post));
  const verb = tokens[end + 1];
  if (end < 0 || !verb || !(isThirdPersonVerb(verb) && (!isNoun(verb) || actsOnObject(tokens, end + 1)))) return tokens;
  const person = tokens.slice(0, at).map((token, index) => (index === at - 1 ? { ...token, post: ' ' } : token));
  return [...person, ...tokens.slice(end + 1)];
}

/** "lamp handle, machine, clip cord, spray bottle": from `at` to the clause's end, only short names of things between commas. */
export function listOfThingsFrom(tokens: Token[], at: number): boolean {
  const items: Token[][] = [[]];
  for (let index = at; index < tokens.length; index++) {
    const token = tokens[index]!;
    items[items.length - 1]!.push(token);
    if (/[;:]|->|→/.test(token.post)) break;
    if (/,/.test(token.post)) items.push([]);
  }
  const named = items.filter((item) => item.length > 0);
  if (named.length < 3 || named.some((item) => item.length > 3 || item.some((token) => token.tags.has('Value') || particles.has(token.norm) || token.tags.has('Preposition') || determiners.has(token.norm)))) return false;
  // The tagger reads words in a list as verbs ("lights", "labels", "plug"): most items must be plain names,
  // and the rest a single word, a plural, or a name whose first word is no bare verb ("log sheet").
  const plain = (item: Token[]) => item.every((token) => isNoun(token) || token.tags.has('Adjective') || token.tags.has('Gerund')) && !item.some((token) => isVerb(token) && !token.tags.has('Gerund'));
  const loose = (item: Token[]) => (item.length === 1 ? isNoun(item[0]) || isVerb(item[0]) : isNoun(item[item.length - 1]) && !isBaseVerb(item[0]));
  return named.filter(plain).length * 2 >= named.length && named.every((item) => plain(item) || loose(item));
}

/** "date, time, item, description of the person, your initials": three or more short things to the end, none of them an instruction. */
function thingsListedFrom(tokens: Token[], at: number): boolean {
  const items: Token[][] = [[]];
  for (let index = at; index < tokens.length; index++) {
    items[items.length - 1]!.push(tokens[index]!);
    if (/[;:]|->|→/.test(tokens[index]!.post) && index < tokens.length - 1) return false;
    if (/,/.test(tokens[index]!.post)) items.push([]);
  }
  const named = items.filter((item) => item.length > 0);
  return named.length >= 3 && named.every((item) => item.length <= 4 && !commonActionVerbs.has(item[0]!.norm) && !isSubject(item[0]) && !['then', 'and', 'if', 'not', 'never', 'do'].includes(item[0]!.norm));
}

/** Words after which "you + verb" continues the clause: "make sure you", "so that you", "the first thing is you". */
function isGoverning(previous: Token | undefined, beforePrevious?: Token): boolean {
  if (!previous) return true;
  // ("if you're not sure you put it under the torch": "not sure" ends its clause; "make sure you" goes on.)
  if (previous.norm === 'sure' && beforePrevious?.norm === 'not') return false;
  return (
    verbGovernors.has(previous.norm) ||
    stateVerbs.has(previous.norm) ||
    // ("check you can see bubbles", "ensure they've signed": what is checked is said after the verb.)
    (['check', 'checks', 'ensure', 'confirm', 'verify', 'see', 'remember', 'say', 'says'].includes(previous.norm) && !/[,;:.]/.test(previous.post)) ||
    ['that', 'sure', 'or', 'one', 'ones', 'thing', 'things', 'anything', 'everything', 'something', 'nothing', 'if', 'when', 'once', 'unless', 'until', 'before', 'after', 'while', 'where', 'what', 'how', 'whether', 'because', 'so', 'as', 'than', 'like'].includes(previous.norm)
  );
}

/** A finite verb with no object after it ("loads", "beeps", "is done"). */
function endsFiniteVerb(previous: Token | undefined): boolean {
  if (!previous || !isVerb(previous) || isBaseVerb(previous) || previous.tags.has('Auxiliary') || previous.tags.has('Copula')) return false;
  return previous.tags.has('PresentTense') || previous.tags.has('PastTense');
}

/** The end of an object or a phrase: where a bare imperative can start the next clause in speech. */
function endsObject(previous: Token | undefined, beforePrevious?: Token): boolean {
  if (isSaid(previous, beforePrevious)) return true;

  // "they pay for that test the keys", "do this then…": a demonstrative after a preposition or a verb is the object itself.
  if (previous && beforePrevious && ['that', 'this', 'those', 'these'].includes(previous.norm) && (beforePrevious.tags.has('Preposition') || isVerb(beforePrevious)) && !beforePrevious.tags.has('Copula')) return true;
  // "from the till": a word after a determiner is a noun, whatever the tagger said.
  if (previous && beforePrevious && determiners.has(beforePrevious.norm) && !determiners.has(previous.norm) && !isVerb(previous) && !previous.tags.has('Adjective') && !corePrepositions.has(previous.norm)) return true;
  if (!previous || determiners.has(previous.norm) || verbGovernors.has(previous.norm) || previous.tags.has('Preposition')) return false;
  // "give you", "tell them": only I, we, they, he and she cannot end an object.
  if (previous.tags.has('Conjunction') || previous.tags.has('Auxiliary') || ['i', 'we', 'they', 'he', 'she'].includes(previous.norm)) return false;
  if (['just', 'also', 'then', 'please', 'simply', 'only', 'even', 'really', 'not', 'never', 'always', 'usually'].includes(previous.norm)) return false;
  return isNoun(previous) || previous.tags.has('Value') || previous.tags.has('Adverb') || previous.tags.has('Particle') || previous.tags.has('Pronoun');
}

/** "tell the customer (you're getting a supervisor)": a verb of saying and its listener, whose next words are what is said. */
function reportsSpeech(current: Token[]): boolean {
  const verbAt = current.findIndex((token) => sayingVerbs.has(token.norm));
  // ("if they say no you call…": a yes or a no is all that was said.)
  if (isSaid(current[current.length - 1], current[current.length - 2])) return false;
  return verbAt >= 0 && current.length - verbAt <= 4 && current.slice(verbAt + 1).every((token) => !isVerb(token));
}
const sayingVerbs = new Set('tell tells told explain explains say says said inform informs warn warns remind reminds assure assures'.split(' '));

/** A verb, its particle or an adverb closing a verb group ("let it run", "turn it on", "right away"). */
function endsVerbGroup(previous: Token | undefined): boolean {
  if (!previous || previous.tags.has('Auxiliary') || previous.tags.has('Copula') || verbGovernors.has(previous.norm)) return false;
  if (isVerb(previous)) return !complementVerbs.has(previous.norm);
  return particles.has(previous.norm) || previous.tags.has('Adverb');
}

/** Verbs whose object can be a clause ("check it's locked", "see there's a gap"): no split after them. */
const complementVerbs = new Set(
  'check checks ensure verify confirm see sees make know knows think say says notice find tell ask mean guess hope bet remember note show explain expect doubt suppose reckon feel'.split(' '),
);

/** A verb the tagger is sure of: a tense, a modal or a copula ("it takes", "it should", "that's"), not "it above" nor "(mark) it received". */
const hasTense = (token: Token | undefined) => Boolean(token && ['Copula', 'Modal', 'Auxiliary', 'PresentTense'].some((tag) => token.tags.has(tag)));

/** "don't wait…", "never say…": a prohibition opening at `at`. */
function prohibitionAt(tokens: Token[], at: number): boolean {
  let skip = tokens[at]?.norm === 'never' ? 1 : tokens[at]?.norm === 'do' && tokens[at + 1]?.norm === 'not' ? 2 : 0;
  // ("don't ever fly", "never just leave")
  if (skip > 0 && ['ever', 'just', 'really'].includes(tokens[at + skip]?.norm ?? '')) skip++;
  return skip > 0 && isBaseVerb(tokens[at + skip]);
}

/**
 * "take the dust cap off", "wipe it all down": a particle closing a verb group that has its object
 * before it; a bare imperative after it starts the next step ("…off push the coupler on").
 * (Not "put on gloves": a particle right after its verb still waits for the object.)
 */
function endsParticle(previous: Token | undefined, beforePrevious: Token | undefined, third: Token | undefined): boolean {
  if (!previous || !particles.has(previous.norm) || !beforePrevious || beforePrevious.tags.has('Preposition') || endsClause(beforePrevious)) return false;
  // ("the dust cap off": a word after a determiner or a noun is the object's, whatever the tagger made of it.)
  return !isVerb(beforePrevious) || Boolean(third && (determiners.has(third.norm) || isNoun(third)));
}

/**
 * "twist it clockwise till it locks", "…when it beeps": a clause that ends in a trigger or
 * condition of its own, with a subject and a verb; an instruction after it starts anew.
 */
function qualifiedTail(current: Token[]): boolean {
  const at = current.findLastIndex((token, index) => index > 0 && tailQualifiers.has(token.norm));
  if (at < 0) return false;
  const rest = current.slice(at + 1);
  return rest.length >= 2 && (isSubject(rest[0]) || rest[0]!.tags.has('Pronoun') || determiners.has(rest[0]!.norm)) && rest.slice(1).some((token) => isVerb(token) && !token.tags.has('Auxiliary'));
}
const tailQualifiers = new Set(['until', 'till', 'once', 'when', 'if', 'unless', 'because']);

/** "when we finish", "once you arrive": a subject and its verb with nothing after it close a trigger (not "before you hit | publish,"). */
const endsSubjectVerb = (previous: Token | undefined, beforePrevious: Token | undefined) =>
  Boolean(previous && isVerb(previous) && !previous.tags.has('Auxiliary') && !previous.tags.has('Copula') && !verbGovernors.has(previous.norm) && isSubject(beforePrevious));

/** A predicate adjective ("is red", "looks low"): the end of a condition. */
function endsPredicate(previous: Token | undefined, beforePrevious: Token | undefined): boolean {
  return Boolean(previous?.tags.has('Adjective') && beforePrevious && (stateVerbs.has(beforePrevious.norm) || beforePrevious.tags.has('Copula')));
}

/** Past participles spelt like the verb ("are set aside", "is put away"): the tagger often reads them as nouns. */
const bareParticiples = new Set(['set', 'put', 'cut', 'shut', 'spread', 'split', 'hit', 'upset']);
const beForms = new Set(['is', 'are', 'be', 'get', 'gets', 'been']);
const goForms = new Set(['go', 'goes']);
const relativePronouns = new Set(['that', 'who', 'which', 'whose']);

const isParticiple = (token: Token | undefined) =>
  Boolean(token && (token.tags.has('PastTense') || token.tags.has('Participle') || token.tags.has('Passive') || bareParticiples.has(token.norm)) && !token.tags.has('Gerund') && !token.tags.has('Adjective'));

/** Whether the head of a subject is someone rather than something ("everyone goes out", "the nurse is called"). */
const isPerson = (token: Token | undefined) => Boolean(token && (token.tags.has('Actor') || token.tags.has('Person') || isRole(token) || subjectPronouns.has(token.norm)));

/**
 * A clause about a thing that says what to do with it: a passive ("Claims over £10,000 must
 * be referred to a senior handler", "Samples that can't be run today are aliquoted") or where
 * it goes ("The cash goes in the deposit bag", "Refunds go back to the original card"). The
 * subject may carry a phrase or a relative clause; the verb group's index and the verb's.
 */
export interface ThingClause {
  kind: 'passive' | 'motion';
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
  if (!first || (!demonstrative && (first.tags.has('Pronoun') || subjectPronouns.has(first.norm) || ['this', 'that', 'these', 'those', 'it', 'there', 'what', 'which'].includes(first.norm)))) return null;
  if (!(determiners.has(first.norm) || isNoun(first) || first.tags.has('Adjective') || first.tags.has('Value'))) return null;
  // ("friday at 3 you go in": someone named after the time is who goes, not a thing.)
  const personAt = tokens.findIndex((token, index) => index > at && index - at <= 6 && subjectPronouns.has(token.norm));
  let relativeAt = -1;
  let relativeVerb = false;
  for (let index = at + 1; index < tokens.length && index - at <= 14; index++) {
    const token = tokens[index]!;
    const previous = tokens[index - 1]!;
    // ("…the spray bottle next a fresh bib goes…": a sequence word ends the thing.)
    if (/[.;:!?]/.test(previous.post) || ['next', 'finally'].includes(token.norm)) return null;
    if (relativePronouns.has(token.norm)) {
      if (relativeAt < 0) relativeAt = index;
      continue;
    }
    // The verb group: modals and auxiliaries, then "be/get" + participle or "go".
    let group = index;
    while (group < tokens.length && group - index < 4 && (tokens[group]!.tags.has('Modal') || groupWords.has(tokens[group]!.norm))) group++;
    const startsGroup = group > index || beForms.has(token.norm) || goForms.has(token.norm);
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
      return atPosition || ['in', 'into', 'on', 'onto', 'to', 'under', 'inside', 'behind', 'beside', 'underneath'].includes(tokens[place]?.norm ?? '') ? { kind: 'motion', subjectEnd: index, verbAt: group, plural } : null;
    }
    return null;
  }
  return null;
}

/** A verb-tagged word between a determiner, noun or adjective and a noun or preposition: "case lock in", "coins galleries". */
function inNounPhrase(tokens: Token[], at: number): boolean {
  const before = tokens[at - 1];
  const after = tokens[at + 1];
  if (!before || !after || !isVerb(tokens[at]) || endsClause(before)) return false;
  const nominalBefore = determiners.has(before.norm) || isNoun(before) || before.tags.has('Adjective') || (['and', 'or'].includes(before.norm) && (isNoun(tokens[at - 2]) || Boolean(tokens[at - 2]?.tags.has('Adjective'))));
  return nominalBefore && (isNoun(after) && !determiners.has(after.norm) || (after.tags.has('Preposition') && determiners.has(tokens[at + 2]?.norm ?? '')));
}

/** States that close a note of something to do: "old cart out", "engine off", "door shut". */
const noteStates = new Set(['open', 'opened', 'shut', 'closed', 'out', 'in', 'on', 'off', 'checked', 'done', 'cleaned', 'wiped', 'emptied', 'refilled', 'signed', 'labelled', 'labeled', 'removed', 'replaced', 'locked', 'unlocked', 'away', 'back', 'up', 'down']);

/** A piece of a line of notes, from `at` to its comma, that says something to do: it opens with a verb, or names a thing and its new state. */
function segmentActs(tokens: Token[], at: number): boolean {
  let end = at;
  while (end < tokens.length - 1 && !/[,;]/.test(tokens[end]!.post)) end++;
  const last = tokens[end]!;
  if (end > at && noteStates.has(last.norm)) return true;
  // "name = date", "tyre temp < 40": a rule after the comma, cut off to explain the step.
  if (/[=<>≤≥]/.test(render(tokens.slice(at, end + 1))) || ['because', 'so', 'which', 'eg', 'ie', 'never', 'not', 'no'].includes(tokens[at]!.norm)) return true;
  const first = tokens[at]!;
  // ("need 21+", "want it dry": a requirement, not something to do.)
  if (stativeVerbs.has(first.norm) || stateVerbs.has(first.norm) || ['need', 'needs', 'must'].includes(first.norm)) return false;
  // "else call the caterer", "never back into the bottle", "if low top up": a branch or a caution of its own.
  if (['else', 'otherwise', 'never', 'if', 'unless', 'dont', 'do'].includes(first.norm)) return true;
  // "laptop on shelf B", "kit back to the pump room": a thing and where it goes.
  const placeAt = tokens.slice(at + 1, Math.min(end, at + 4) + 1).findIndex((token) => ['on', 'onto', 'in', 'into', 'to', 'back', 'under', 'inside'].includes(token.norm));
  if (placeAt >= 0 && tokens.slice(at, at + 1 + placeAt).every((token) => isNoun(token) || token.tags.has('Adjective') || determiners.has(token.norm)) && at + 1 + placeAt < end) return true;
  if (isBaseVerb(first) || commonActionVerbs.has(first.norm) || nounsUsedAsVerbs.has(first.norm) || isInstructionVerb(tokens, at) || (couldBeMistaggedVerb(first) && !isNoun(tokens[at + 1]) && end > at)) return true;
  return actorVerbAt(tokens, at) !== null || (end === at && couldBeMistaggedVerb(first));
}

/** Words a clause can stop on when the rest is understood: "if it doesn't", "if they can", "if not". */
const ellipticalEnds = new Set(['not', 'does', 'do', 'did', 'is', 'are', 'was', 'can', 'will', 'has', 'have', 'should', 'would', 'could']);

/** "(if they) say no": what is said, the object of the verb of saying. */
const isSaid = (word: Token | undefined, before: Token | undefined) => Boolean(word && before && ['no', 'yes', 'ok', 'okay'].includes(word.norm) && ['say', 'says', 'said', 'answer', 'answers'].includes(before.norm));

/** States a thing is left in after the verb: "tape it shut", "wipe it dry". */
const resultStates = new Set(['shut', 'closed', 'open', 'tight', 'dry', 'clean', 'flat', 'straight', 'level', 'clear']);

/** "goes back in", "goes down on the tray": how a thing goes before where. */
export const motionAdverbs = new Set(['back', 'straight', 'right', 'down', 'up', 'over', 'out', 'through', 'across', 'round', 'along']);

const groupWords = new Set(['has', 'have', 'need', 'needs', 'to', 'always', 'usually', 'normally', 'then', 'also', 'never', 'all', 'should', 'must', 'will', 'can', 'not', 'just']);
