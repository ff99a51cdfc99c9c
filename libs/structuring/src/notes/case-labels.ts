// Labels that name a case ("Damaged:", "PASS →"): the condition of the instruction after them.
import { isThirdPersonVerb } from '../clauses/words';
import { uncapitalise } from '../clauses/instruction';
import { isNoun, isNounWord, isVerb, render as written, type Token } from '../language/tokens';

/** Words as written, without the punctuation between them ("tread:" → "tread"). */
const render = (tokens: Token[]) => tokens.map((token) => token.text).join(' ');

/** A condition an instruction is done under, as the structurer writes it ("If nobody is available"). */
export interface CaseCondition {
  kind: 'condition';
  text: string;
}

/** Outcomes a checklist names in capitals or alone before what to do: "PASS:", "FAIL →", "Red:". */
const outcomeWords = new Set(['pass', 'passed', 'fail', 'failed', 'fails', 'ok', 'okay', 'yes', 'no', 'approved', 'rejected', 'declined', 'red', 'amber', 'green', 'none', 'missing', 'broken', 'damaged', 'late']);
/** "PASS", "Fail", "Red": an outcome named on its own. */
export const isOutcome = (words: Token[]) => words.length > 0 && words.length <= 2 && words.every((token) => outcomeWords.has(token.norm));

/** Faults named by a noun alone: "mismatch", "discrepancy", "spill". */
const faultNouns = new Set(['mismatch', 'discrepancy', 'error', 'fault', 'failure', 'spill', 'breach', 'shortfall', 'overage', 'variance', 'complaint', 'leak', 'problem', 'issue', 'jam', 'blockage', 'injury', 'incident']);

/** A word that says what state something is in: "broken", "high", "cracked". */
export const isState = (token: Token | undefined) =>
  Boolean(token && (token.tags.has('Adjective') || token.tags.has('Participle') || (token.tags.has('PastTense') && !token.tags.has('Infinitive'))));
/** Participles: "damaged", "broken", "worn", "torn", "cracked". */
const participle = /(?:ed|en|worn|torn|bent|split|cut|burnt|burst|stuck)$/;

/** Openers of a label that says whether something is so: "Any FAIL item", "Nobody available", "Still wrong". */
const quantifiers = new Set(['any', 'nobody', 'noone', 'none', 'nothing', 'anything', 'anyone', 'someone', 'still', 'neither', 'both']);
/** Adjectives that say where (a part of a thing to look at), never a case: "Outside – walk all four sides". */
const places = new Set(['outside', 'inside', 'front', 'back', 'rear', 'top', 'bottom', 'left', 'right', 'upstairs', 'downstairs', 'external', 'internal', 'underneath', 'overhead']);

/**
 * "Damaged or blunt: put it in the repair tray", "Neighbour accepts: scan it", "PASS: sign
 * CI-3", "Nobody available →": a short label before a colon or an arrow that names a case
 * (a state, an outcome, something that happens) is the condition of the instruction after it,
 * kept with it. A label that names a thing or a place ("Floor –", "Doors:", "Outside –")
 * says what the step is about instead: null.
 */
export function caseCondition(label: Token[], measured?: string | null): CaseCondition | null {
  const words = label.filter((token) => token.text);
  // ("Any infection, or surgery in the last 6 months": a case opened by a quantifier runs on longer.)
  if (words.length === 0 || words.length > (quantifiers.has(words[0]!.norm) ? 12 : 6)) return null;
  const range = rangeIn(label);
  if (range) return { kind: 'condition', text: measured ? `If ${measured} is ${range}` : `If ${range}` };
  const text = render(words).replace(/[\s:.,;?!–—-]+$/, '');
  if (!text) return null;
  const lower = uncapitalise(text);
  const first = words[0]!;
  // ("mismatch -> recount", "discrepancy: tell the manager": a fault named alone is the case there is one.)
  if (words.length === 1 && faultNouns.has(first.norm)) return { kind: 'condition', text: `If there is a ${first.norm}` };
  // "PASS", "FAIL", "Red": an outcome on its own.
  if (isOutcome(words)) return { kind: 'condition', text: `If ${/^[A-Z]+$/.test(text) ? text : lower}` };
  // "Nobody available", "Nobody home": "is" between the quantifier and its state.
  if (words.length === 2 && ['nobody', 'noone', 'nothing', 'anything', 'anyone', 'someone', 'none'].includes(first.norm) && !isVerb(words[1]))
    return { kind: 'condition', text: `If ${first.text.toLowerCase()} is ${words[1]!.text}` };
  if (quantifiers.has(first.norm) && words.length >= 2) return { kind: 'condition', text: `If ${lower}` };
  // "Damaged or blunt", "Debris still visible", "Worn tread": a state, with or without the thing it is of.
  // (Before its noun only a participle says a state: "Inbound truck", "New gloves" name things.)
  const states = words.filter(isState);
  // ("cracked / loose bolts": a slash between two states offers either.)
  const betweenStates = (token: Token) => token.text === '/' && states.includes(words[words.indexOf(token) - 1]!) && states.includes(words[words.indexOf(token) + 1]!);
  const attributive = words.findIndex((token) => states.includes(token)) < words.findIndex((token) => !states.includes(token) && (isNoun(token) || isNounWord(token.norm)));
  if (attributive && !states.every((token) => participle.test(token.norm)) && !words.some(betweenStates)) return null;
  const rest = words.filter((token) => !states.includes(token));
  const nounish = (token: Token) => isNoun(token) || isNounWord(token.norm);
  const stated =
    states.length > 0 &&
    !states.some((token) => places.has(token.norm)) &&
    rest.every((token) => ['or', 'and', 'not', 'still', 'too', 'very'].includes(token.norm) || betweenStates(token) || nounish(token));
  const things = rest.filter((token) => nounish(token) && !betweenStates(token));
  if (stated && things.length > 0) {
    const copula = things[things.length - 1]!.tags.has('Plural') ? 'are' : 'is';
    const thing = render(things).replace(/^\S/, (c) => c.toLowerCase());
    const state = render(words.filter((token) => !things.includes(token))).replace(/[\s:.,;?!–—-]+$/, '');
    // "Seal broken" → "If the seal is broken"; "Worn tread" → "If the tread is worn".
    return { kind: 'condition', text: `If the ${thing} ${copula} ${uncapitalise(state)}` };
  }
  if (stated) return { kind: 'condition', text: `If ${lower}` };
  // "Neighbour accepts", "Alarm sounds": a thing, then what it does ("refuses" is read as a plural noun there).
  const verbAt = words.findIndex((token, index) => index > 0 && ((isVerb(token) && !token.tags.has('Infinitive') && !token.tags.has('Gerund') && !token.tags.has('Auxiliary')) || (index === words.length - 1 && isThirdPersonVerb(token))));
  if (verbAt > 0 && words.length <= 4 && words.slice(0, verbAt).every((token) => isNoun(token) || ['the', 'a', 'an', 'any', 'every', 'each'].includes(token.norm))) return { kind: 'condition', text: `If ${lower}` };
  return null;
}

/** A limit ("under", "> ") or a span ("50–70", "2 to 4") before an amount, with its unit. */
const rangeLabel =
  /^(?:(?:under|over|above|below|between|less than|more than|up to|at least|at most|[<>≤≥]=?)\s*[-+]?\d[\d.,]*(?:\s*(?:[–-]|to|and)\s*\d[\d.,]*)?|[-+]?\d[\d.,]*\s*(?:[–-]|to)\s*\d[\d.,]*)\s*(?:%|°\s?[cf]|[a-zµ]{1,5}(?:\/[a-z]{1,3})?)?\+?$/i;

/**
 * "Under 50 km/h: carry on", "50–70 km/h: run at reduced speed", "> 5 %: call": a reading's range
 * before what to do in it, in lower case ("under 50 km/h"), or null.
 */
export function rangeIn(label: Token[]): string | null {
  // (The first word's own "<" or ">" is written before it: ">2800 -> email tech".)
  const text = `${label[0]?.pre.trim() ?? ''}${written(label)}`.replace(/[\s:;,–—-]+$/, '').trim();
  return text.length <= 30 && rangeLabel.test(text) ? uncapitalise(text) : null;
}
