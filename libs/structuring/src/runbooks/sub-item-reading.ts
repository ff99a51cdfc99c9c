// Reading a sub-item: its marker, the instruction it opens with, a question before it, a check it names.
import { capitalise, readClause } from '../clauses/instruction';
import { splitClauses } from '../clauses/split-clauses';
import { commonActionVerbs, determiners, isRemarkLabel } from '../language/lexicon';
import { canBeVerb, isBaseVerb, isNoun, isNounWord, render, tagSentences, type Token } from '../language/tokens';
import { isImperative, labelledCase, saysHow } from './item-sentence';

export const stripMarker = (child: string) => child.replace(/^\(?[a-z0-9]{1,4}[.)]\s+/i, '');

/** The instruction a sub-item opens with, or null when it names a thing or explains. */
export function subStepIn(child: string): Token[] | null {
  const sentences = tagSentences(askedThenArrow(child));
  // "Any pods with local storage? → stop and ask the storage team": the instruction after a short question.
  if (questionLead(child)) return sentences[1]!;
  const [first] = sentences;
  if (!first) return null;
  if (isImperative(first)) return first;
  // ("a) Recount.", "b) Escalate.": one verb alone is the step.)
  const words = first.filter((token) => /\p{L}/u.test(token.text));
  if (words.length === 1 && !sentences[1] && (isBaseVerb(words[0]) || commonActionVerbs.has(words[0]!.norm)) && !isRemarkLabel(words[0]!.text)) return first;
  // "If there is no reply, close the request", "Do not delete billing records": a condition's instruction, a prohibition.
  const clauses = splitClauses(first);
  const readings = clauses.map((clause) => readClause(clause.tokens));
  const actionAt = readings.findIndex((reading) => reading.kind === 'action');
  // ("Under 50 km/h: carry on": going on as normal is no step of its own.)
  if (actionAt > 0 && /^(?:carry on|continue|proceed|go ahead)$/i.test((readings[actionAt] as { title: string }).title)) return null;
  // ("Over 70: lift stays closed, tell the supervisor": what is so in that case explains it.)
  if (actionAt > 0 && readings.slice(0, actionAt).every((reading, index) => reading.kind === 'condition' || reading.kind === 'trigger' || labelledCase(clauses, index) || (index > 0 && reading.kind === 'statement' && Boolean(labelledCase(clauses, 0))))) return first;
  // ("counterweight arbor: count weights against the sheet", "spike marks visible - re-tape if worn": what to check, then what to do about it.)
  if (actionAt === 1 && readings[0]!.kind === 'statement' && [':', '-'].includes(clauses[1]!.joint ?? '') && clauses[0]!.tokens.length <= 6 && !isRemarkLabel(render(clauses[0]!.tokens))) return first;
  if (actionAt === 0 && /^(?:do not|never)\b/i.test((readings[0] as { title: string }).title)) return first;
  // "Flush both nozzles": a verb the tagger took for another word, read as one by the clause reader.
  const reading = readings[0];
  return reading?.kind === 'action' && reading.title.split(/\s+/)[0]!.toLowerCase() === first[0]!.norm && !saysHow(first) ? first : null;
}

/** "local PV? → stop": an arrow after a question is a sentence break. */
export const askedThenArrow = (child: string) => stripMarker(child).replace(/\?\s*(?:;;|->|→|=>)\s*/g, '? ');

/** A short question that opens a sub-item, with an instruction after it: the question, as the step's details. */
export function questionLead(child: string): string | null {
  if (!child.includes('?')) return null;
  const [first, second] = tagSentences(askedThenArrow(child));
  if (!first || !second || first.length > 10 || !/\?/.test(first[first.length - 1]!.post)) return null;
  return isImperative(second) ? capitalise(render(first).replace(/[\s;]+$/, '')) : null;
}

/** "Booths set up with a pencil", "Uplinks first (ports 49–52)": a sub-item that names a thing and says how it is, with no instruction. */
export function saysHowThingIs(child: string): boolean {
  const [sentence] = tagSentences(stripMarker(child));
  if (!sentence || sentence.length > 16 || sentence.length < 2 || child.includes('?')) return false;
  const first = sentence[0]!;
  // (It says how the thing is: "set up", "in place", "first", "matching the labels"; "washer fluid" only names it.)
  const says = sentence.slice(1).some((token, index) => ['PastTense', 'Participle', 'Gerund', 'Ordinal'].some((tag) => token.tags.has(tag)) || ['up', 'down', 'on', 'off', 'out', 'open', 'closed', 'visible', 'reachable', 'done'].includes(token.norm) || ((token.tags.has('Preposition') || ['under', 'behind', 'inside', 'near', 'above', 'below'].includes(token.norm)) && index + 2 < sentence.length));
  // ("oil leaks under TX": a noun the tagger read as a verb, before another noun, names the thing.)
  return says && (isNoun(first) || (isNounWord(first.norm) && isNoun(sentence[1])) || first.tags.has('Adjective') || determiners.has(first.norm) || ['then', 'all', 'both'].includes(first.norm)) && !first.tags.has('Pronoun') && !/^(?:if|when|unless|never|not|no|don't|do)$/i.test(first.norm);
}

/** The verb an item over things to check applies to them: "Verify" for "Verify:", "Check" for "Unlock and check the room". */
export function checkingVerb(title: string): string | null {
  const verb = /^(check|verify|inspect|confirm|ensure|test|reconnect|connect|fit|set|set up)$/i.exec(title.trim())?.[1];
  if (verb) return capitalise(verb.toLowerCase());
  return /^(?:check|verify|inspect|confirm|ensure|look(?:\s+(?:at|for|over|round|around))?(?=\s*(?:$|don't|do not|but|-|–)))\b|\band (?:check|inspect|verify)\b/i.test(title) ? 'Check' : null;
}

/** "Fix hangers" over "a) Mirror plates for anything on loan", "b) D-rings on split battens": a verb and a word over things, each said how or where, is done to each. */
export function verbOverThings(title: string, children: string[]): string | null {
  const [verb] = /^[a-z]+(?=(?:\s+\S+)?$)/i.exec(title.trim()) ?? [];
  return verb && children.length >= 2 && canBeVerb(verb.toLowerCase()) && children.every(saysHowThingIs) ? capitalise(verb.toLowerCase()) : null;
}
