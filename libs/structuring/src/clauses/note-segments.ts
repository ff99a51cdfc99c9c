// Pieces of a line of notes: lists of things, and segments that say something to do.
import { commonActionVerbs, determiners, stateVerbs, stativeVerbs } from '../language/lexicon';
import { isBaseVerb, isNoun, isVerb, nounsUsedAsVerbs, render, type Token } from '../language/tokens';
import { actorVerbAt, isInstructionVerb } from './actors';
import { couldBeMistaggedVerb, isSubject, particles } from './words';

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
export function thingsListedFrom(tokens: Token[], at: number): boolean {
  const items: Token[][] = [[]];
  for (let index = at; index < tokens.length; index++) {
    items[items.length - 1]!.push(tokens[index]!);
    if (/[;:]|->|→/.test(tokens[index]!.post) && index < tokens.length - 1) return false;
    if (/,/.test(tokens[index]!.post)) items.push([]);
  }
  const named = items.filter((item) => item.length > 0);
  return named.length >= 3 && named.every((item) => item.length <= 4 && !commonActionVerbs.has(item[0]!.norm) && !isSubject(item[0]) && !['then', 'and', 'if', 'not', 'never', 'do'].includes(item[0]!.norm));
}

/** A piece of a line of notes, from `at` to its comma, that says something to do: it opens with a verb, or names a thing and its new state. */
export function segmentActs(tokens: Token[], at: number): boolean {
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

/** States that close a note of something to do: "old cart out", "engine off", "door shut". */
const noteStates = new Set(['open', 'opened', 'shut', 'closed', 'out', 'in', 'on', 'off', 'checked', 'done', 'cleaned', 'wiped', 'emptied', 'refilled', 'signed', 'labelled', 'labeled', 'removed', 'replaced', 'locked', 'unlocked', 'away', 'back', 'up', 'down']);
