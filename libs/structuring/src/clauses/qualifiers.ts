// Conditions, triggers and times that open a clause.
import { conditionStarts, triggerPhrases, triggerStarts } from '../language/lexicon';
import { isVerb, type Token } from '../language/tokens';
import { actionStartsAt, actorVerbAt } from './actors';
import { thingClauseAt } from './passives';
import { isSubject, longestPhraseAt } from './words';

/** A condition or trigger opening at `at` ("if", "once", "as soon as"); its length. */
export function subordinatorAt(tokens: Token[], at: number): number {
  const token = tokens[at];
  if (!token) return 0;
  const phrase = longestPhraseAt(tokens, at, triggerPhrases);
  if (phrase) return phrase;
  if (conditionStarts.has(token.norm)) return 1;
  if (!triggerStarts.has(token.norm)) return 0;
  // ("where a product has not been shipped before, look up…": a word that closes its clause is an adverb, it opens none.)
  if (/[,;:.!?]/.test(token.post) || at === tokens.length - 1) return 0;
  // ("as soon as it arrives", "as long as it's dry": the second "as" is part of the first one's phrase.)
  if (token.norm === 'as' && tokens[at - 2]?.norm === 'as') return 0;
  // "if it's before seven": after "is" it says when, it opens no clause.
  // ("wipe off the residue with the after wax oil": after an article it names a thing.)
  if (['is', 'are', 'was', 'were', 'the', 'a', 'an', 'your', 'their'].includes(tokens[at - 1]?.norm ?? '')) return 0;
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

/** Where an amount of time starting at `at` ends (the index after its unit), or 0. */
function timeEnd(tokens: Token[], at: number): number {
  let index = at;
  while (['like', 'about', 'around', 'maybe', 'roughly', 'approximately', 'a', 'an', 'couple', 'few', 'of'].includes(tokens[index]?.norm ?? '') && index - at < 4) index++;
  while (tokens[index]?.tags.has('Value') && index - at < 6) index++;
  return index > at && timeUnits.test(tokens[index]?.norm ?? '') ? index + 1 : 0;
}
const timeUnits = /^(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|pm|am)$/;

/** "after (about) five minutes check…": a time that leads into an instruction; where the instruction starts, or 0. */
export function timeThenAction(tokens: Token[], at: number): number {
  if (!['after', 'within', 'in'].includes(tokens[at]?.norm ?? '')) return 0;
  const end = timeEnd(tokens, at + 1);
  return end && actionStartsAt(tokens, end) ? end : 0;
}

/** "(then) friday at 3 you go in": a day or a time, then someone doing something. */
export function timeThenSubject(tokens: Token[], at: number): boolean {
  let index = at;
  while (index - at < 5 && tokens[index] && saysWhen(tokens[index]!)) index++;
  if (index > at && isSubject(tokens[index]) && actorVerbAt(tokens, index) !== null) return true;
  // ("at close you switch it to wash", "on arrival we sign them in": "at" or "on" and a word or two, then who does what.)
  if (!['at', 'on'].includes(tokens[at]?.norm ?? '')) return false;
  let end = at + 1;
  if (tokens[end]?.norm === 'the') end++;
  const start = end;
  while (end - start < 2 && tokens[end] && /^[a-z]+$/.test(tokens[end]!.norm) && !tokens[end]!.tags.has('Pronoun') && !isSubject(tokens[end]) && !/[,;:.!?]/.test(tokens[end - 1]!.post)) end++;
  return end > start && ['you', 'we'].includes(tokens[end]?.norm ?? '') && actorVerbAt(tokens, end) !== null;
}

/** A word of a day or a time said bare: "friday", "3", "at", "around". */
export const saysWhen = (token: Token) => ['Date', 'Time', 'Value', 'Duration'].some((tag) => token.tags.has(tag)) || ['at', 'on', 'by', 'about', 'around'].includes(token.norm);

export const qualifyingClause = (current: Token[]) => current.length > 0 && subordinatorAt(current, 0) > 0;

/** "ask if there's been any vomiting", "ask them whether", "check if the seal is broken": an indirect question. */
// ("check when they last had a patch test": what to find out, not when to do it.)
export const asksWhether = (tokens: Token[], at: number) =>
  ['if', 'whether', 'when', 'where', 'how', 'who', 'which', 'what'].includes(tokens[at]?.norm ?? '') &&
  (askingWords.has(tokens[at - 1]?.norm ?? '') || (askingWords.has(tokens[at - 2]?.norm ?? '') && Boolean(tokens[at - 1]?.tags.has('Pronoun'))) || (tokens[at - 1]?.norm === 'out' && tokens[at - 2]?.norm === 'find'));

/** Verbs whose "if"/"whether" clause is what is asked or checked, not a condition. */
const askingWords = new Set(['ask', 'asks', 'check', 'checks', 'see', 'sees', 'confirm', 'confirms', 'verify', 'verifies', 'find', 'know', 'decide', 'wonder', 'test', 'tests']);

/** "Parcels that have not been collected after 14 days are returned…": the "after" is still the subject's. */
export function insideSubject(tokens: Token[], current: Token[], at: number): boolean {
  const start = tokens.indexOf(current[0]!);
  const thing = start >= 0 ? thingClauseAt(tokens, start) : null;
  return Boolean(thing && thing.subjectEnd > at);
}
