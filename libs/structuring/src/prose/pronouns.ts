// What "it", "them" and "each one" in a step stand for: the thing just named, or what the procedure is about.
import { isNoun, isNounWord, isVerb, tagSentences, type Token } from '../language/tokens';

/** The object a title acts on, as a definite noun phrase: "Review the cal sheet" → "the cal sheet". */
export function objectOf(title: string): string | null {
  const match = /^\S+\s+(?:the|a|an|each|every|your|their)\s+((?:[\w'-]+\s+){0,2}?[\w'-]+?)(?=\s+(?:in|on|at|to|from|with|for|into|onto|by|under|over|and|if|unless|until|before|after|so|out|back|up|down|off|away|aside)\b|$)/i.exec(title);
  // "Shake the toner gently": the manner is not part of the thing.
  const thing = match?.[1]!.replace(/(?:\s+\w+ly)+$/i, '');
  // ("Hold the skin taut and rip it off": what is held in a state is not what "it" then means.)
  if (thing && /\s(?:taut|tight|open|closed|shut|steady|still|firm|down|up)$/i.test(thing)) return null;
  return thing && !/\b(?:it|them|this|that)\b/i.test(thing) ? `the ${thing}` : null;
}

/** "Read the meters": one of the things an instruction acts on, "meter", for an "each one" after it. */
export function kindOfThingIn(title: string): string | null {
  if (!/\b(?:each|every) one\b/i.test(title) && !/s\b/.test(title)) return null;
  const tokens = tagSentences(title)[0] ?? [];
  const plural = tokens.find((token, index) => index > 0 && token.tags.has('Plural') && isNoun(token) && !token.tags.has('Pronoun') && !token.tags.has('Actor') && /^[a-z]{3,}s$/.test(token.norm));
  return plural ? plural.norm.replace(/ies$/, 'y').replace(/(ch|sh|x|ss)es$/, '$1').replace(/s$/, '') : null;
}

/** "if there's damage", "if there are any queen cells": the thing a condition says is there, for an "it" or "them" after it. */
export function existentialOf(tokens: Token[]): string | null {
  const at = tokens.findIndex((token, index) => token.norm === 'there' && index <= 2);
  if (at < 0) return null;
  let start = at + 1;
  while (start < tokens.length && (['is', 'are', 's', 're'].includes(tokens[start]!.norm) || !tokens[start]!.text)) start++;
  if (['still', 'also'].includes(tokens[start]?.norm ?? '')) start++;
  if (['any', 'a', 'an', 'some'].includes(tokens[start]?.norm ?? '')) start++;
  const named = namedThing(tokens, start, (token, next) => (isNoun(token) || (token.tags.has('Adjective') && isNoun(next))) && !token.tags.has('Pronoun'));
  // ("if there's still dust on it": what it is on is what "it" goes on meaning.)
  if (named && tokens.slice(named.end).some((token) => ['it', 'them'].includes(token.norm))) return null;
  return named && isNoun(tokens[named.end - 1]) ? named.thing : null;
}

/** "When the item arrives": the thing a trigger is about, "the item", for an "it" after it. */
export function subjectOf(tokens: Token[]): string | null {
  const at = tokens.findIndex((token) => token.norm === 'the');
  if (at < 0 || at > 3) return null;
  const named = namedThing(tokens, at + 1, (token) => isNoun(token) && !token.tags.has('Possessive'));
  const head = named ? tokens[named.end - 1] : undefined;
  if (!named || !head || head.tags.has('Plural') || head.tags.has('Actor') || head.tags.has('Person') || !isVerb(tokens[named.end])) return null;
  return named.thing;
}

/** Up to three words from `start` that `names` accepts, as "the …", and where they end; null when there are none. */
function namedThing(tokens: Token[], start: number, names: (token: Token, next: Token | undefined) => boolean): { thing: string; end: number } | null {
  let end = start;
  while (end < tokens.length && end - start < 3 && names(tokens[end]!, tokens[end + 1])) end++;
  return end === start ? null : { thing: `the ${tokens.slice(start, end).map((token) => token.text.toLowerCase()).join(' ')}`, end };
}

/** "Sign it" after "Review the cal sheet" → "Sign the cal sheet"; "them" only for a plural. */
export function resolvePronoun(title: string, object: string, only?: 'it'): string {
  // ("write it in the record book": what is written down is what was just read, not the thing.)
  if (/^(?:write|record|log|note|enter|jot)\b/i.test(title)) return title;
  const plural = /s$/i.test(object);
  return title.replace(/^(\S+(?:\s+(?:back|out|in|up|down|off|over))?)\s+(it|them)(?=\s|$)/i, (whole, verb: string, pronoun: string) =>
    (pronoun.toLowerCase() === 'them') === plural && (!only || pronoun.toLowerCase() === only) ? `${verb} ${object}` : whole,
  );
}

/** What is done to a thing, not a thing: "(the hive) inspection", "(boiler) service". */
const activities = /^(?:check|inspection|service|clean|visit|round|change|test|handover|review|audit|drill|refill|repair|swap|wash)$/;

/** "(how) to clean the coffee grinder", "for a new starter laptop": the thing a procedure's opening names. */
export function topicIn(text: string): string | null {
  // ("when you go into the hive", "once you get to the kiln": where the work is done is what it is about, too.)
  const match = /\b(?:to\s+[a-z]+|for|(?:go|get|come|climb)\s+(?:in|into|to|inside|up\s+to))\s+(?:the|a|an|our|your|a\s+new|the\s+new)\s+((?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*)(?=\s*(?:[.,;:!?]|$|\s+(?:in|on|at|with|from|before|after|when|you|we|i|is|are|so|and|then)\b))/i.exec(text);
  const thing = match?.[1];
  // ("when the donations come in the back": a side or part of a place is where, not what.)
  if (!thing || /s$/i.test(thing) || /\b(?:it|them|this|that|way|thing|day|time|process|procedure)\b/i.test(thing) || /^(?:back|front|side|top|bottom|end|middle|corner|door|morning|evening|night|start|beginning)$/i.test(thing)) return null;
  // "a new starter laptop" is "the laptop" in a step; a two-word name ("coffee grinder") stays whole.
  // ("for a hive inspection": "it" is the hive, not the inspection.)
  const words = thing.toLowerCase().split(/\s+/);
  if (activities.test(words[words.length - 1]!)) words.pop();
  if (words.length === 0) return null;
  return `the ${words.length > 2 ? words[words.length - 1] : words.join(' ')}`;
}

/** Words a speaker moves on to the next thing with ("okay so carpet", "then the posts"). */
const movingOn = new Set(['okay', 'ok', 'right', 'so', 'now', 'then', 'and', 'next', 'alright']);

/**
 * "okay so carpet.", "then the posts,", "underlay goes down", "last thing is the door bar": in talk, a
 * thing announced with nothing done to it yet is what "it" or "them" means in the steps after it.
 */
export function announcedThing(tokens: Token[]): string | null {
  let at = 0;
  while (at < tokens.length && movingOn.has(tokens[at]!.norm) && !['is', 's', 'thing'].includes(tokens[at + 1]?.norm ?? '')) at++;
  // ("last thing is the door bar": what the last or next thing is.)
  // ("next is the defib": what comes next.)
  const named = tokens[at + 1]?.norm === 'thing' ? 1 : 0;
  const ordinal = ['next', 'last', 'first', 'final'].includes(tokens[at]?.norm ?? '') && ['is', 's'].includes(tokens[at + 1 + named]?.norm ?? '');
  if (ordinal) at += 2 + named;
  if (['the', 'your', 'our'].includes(tokens[at]?.norm ?? '')) at++;
  let end = at;
  while (end < tokens.length && end - at < 3 && isThingWord(tokens[end]!)) end++;
  // ("okay so, cool": a word describing nothing named is no thing.)
  if (end === at || (tokens[end - 1]!.tags.has('Adjective') && !isNoun(tokens[end - 1]) && !isNounWord(tokens[end - 1]!.norm))) return null;
  const rest = tokens.slice(end).map((token) => token.norm).join(' ');
  // ("underlay goes down", "the mats go in next": a thing said to go somewhere, with nobody doing it yet.)
  if (rest !== '' && !(!ordinal && /^(?:goes|go) (?:down|in|on|up|out)(?: (?:next|first|now))?$/.test(rest))) return null;
  return `the ${tokens.slice(at, end).map((token) => token.text.toLowerCase()).join(' ')}`;
}

/** A word of a thing's name: a noun or a word describing it, not a person, a time, an amount or a verb of the work. */
// (In talk the tagger reads a bare "carpet" or "underlay" as a verb; the clause was read as no instruction, so it names a thing.)
const isThingWord = (token: Token) =>
  /^[a-z][a-z-]*$/i.test(token.text) && !notThingTags.some((tag) => token.tags.has(tag)) && !(token.tags.has('PresentTense') && !token.tags.has('Infinitive'));
const notThingTags = ['Pronoun', 'Value', 'Date', 'Person', 'Actor', 'Adverb', 'Preposition', 'Conjunction', 'Determiner', 'Copula', 'Modal', 'PastTense', 'Gerund', 'Negative', 'QuestionWord', 'Particle', 'Expression'];
