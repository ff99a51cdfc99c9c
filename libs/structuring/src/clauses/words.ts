// Shared word tests of the clause readers: subjects, roles, people in general, particles, phrases.
import { roleNouns, subjectPronouns } from '../language/lexicon';
import { canBeVerb, endsClause, isBaseVerb, isNoun, isVerb, type Token } from '../language/tokens';

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
export const everyone = new Set(['everyone', 'everybody', 'anyone', 'anybody']);
/** People in general, whose habits a speaker remarks on. */
const genericPeople = new Set(['people', 'folks', 'guys']);
/** Who does things in general: what they do is a remark, and so is what they do next. */
export const genericDoers = new Set(['people', 'folks', 'someone', 'somebody', 'everyone', 'everybody', 'nobody']);
/** "people forget that and then wonder why…": after what people in general do, what they think or feel next is still theirs ("…and then find the leak" is the reader's). */
export const peopleGoOn = (current: Token[], next: Token | undefined) =>
  current.length >= 2 && genericDoers.has(current[0]!.norm) && isVerb(current[1]) && !endsClause(current[current.length - 1]) && (habitWords.has(next?.norm ?? '') || ['wonder', 'think', 'ask', 'moan', 'realise', 'realize', 'panic', 'blame'].includes(next?.norm ?? ''));

/** What people in general are said to do ("people never clean the oven", "people forget"). */
export const habitWords = new Set(['never', 'always', 'often', 'usually', 'sometimes', 'tend', 'forget', 'notice', 'complain', 'miss', 'skip', 'hate', 'love', 'like', 'ignore', 'assume']);
/** "people forget", "I've seen people skip it"; not "two people walk it down", "the people on shift". */
export const isGenericPeople = (tokens: Token[], at: number) => genericPeople.has(tokens[at]?.norm ?? '') && !(tokens[at - 1] && (tokens[at - 1]!.tags.has('Value') || ['the', 'these', 'those', 'two', 'both'].includes(tokens[at - 1]!.norm)));
/** Upper-case words that name things, not people. */
const thingAcronyms = new Set('ID PO OK PC TV IP QR AV POS CRM ERP API URL PDF CSV SMS VPN UPS USB SKU GPS ATM PIN MRN VAT'.split(' '));
/** "the 1st AD", "the RN": after an article, a short upper-case title names a role. */
export const isTitleAcronym = (token: Token | undefined) => Boolean(token && /^[A-Z]{2,3}$/.test(token.text) && !thingAcronyms.has(token.text));
export const isSubject = (token: Token | undefined) => Boolean(token && subjectPronouns.has(token.norm));

export const isSubjectPronoun = (token: Token | undefined) => Boolean(token && ['you', 'we', 'i'].includes(token.norm));

/** A noun-tagged word that is also a verb ("click", "file", "tag"): the tagger's usual slip in unpunctuated speech. */
export function couldBeMistaggedVerb(token: Token): boolean {
  return (token.tags.has('Noun') || token.tags.has('Verb')) && !token.tags.has('Pronoun') && !token.tags.has('Value') && canBeVerb(token.norm);
}

/** Words that follow a verb and its object ("drive it forward", "put it back"), never a new instruction. */
export const particles = new Set(['forward', 'back', 'out', 'up', 'down', 'over', 'away', 'off', 'around', 'round', 'in', 'on', 'through', 'along', 'aside']);

export const modals = new Set(['should', 'will', 'would', 'can', 'could', 'must', 'may', 'might', 'shall']);

export const hasVerb = (tokens: Token[]) => tokens.some((token) => isVerb(token) && !token.tags.has('Auxiliary'));

/** "looks along the train", "look under the seats": looking somewhere is done; "looks fine" is a state. */
export const looksSomewhere = (tokens: Token[], at: number) =>
  ['look', 'looks'].includes(tokens[at]?.norm ?? '') && ['at', 'along', 'under', 'inside', 'in', 'behind', 'around', 'round', 'over', 'through', 'for', 'underneath', 'into'].includes(tokens[at + 1]?.norm ?? '');

/** The words not inside parentheses: "Non-halogenated solvents (acetone, ethanol, hexane)" → "Non-halogenated solvents". */
export function outsideAsides(tokens: Token[]): Token[] {
  let depth = 0;
  return tokens.filter((token) => {
    depth += token.pre.match(/\(/g)?.length ?? 0;
    const inside = depth > 0;
    depth -= token.post.match(/\)/g)?.length ?? 0;
    return !inside;
  });
}
