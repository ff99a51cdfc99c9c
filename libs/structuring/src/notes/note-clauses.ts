// Reading a clause of notes (an instruction as jotted, an explanation, a label) and what notes say with "=", "else", an arrow or a colon.
import type { Clause } from '../clauses/clause';
import { capitalise, readClause, uncapitalise, type Reading } from '../clauses/instruction';
import { isThirdPersonVerb } from '../clauses/words';
import { commonActionVerbs, determiners, faultWords } from '../language/lexicon';
import { canBeVerb, isBaseVerb, isNoun, isNounWord, isVerb, nounsUsedAsVerbs, render, toInfinitive, type Token } from '../language/tokens';
import type { Qualifier } from '../steps/step-writer';
import { caseCondition } from './case-labels';
import { isBareThing, respellNote } from './respell-note';

/** A clause read as an instruction, a condition or a statement; in terse notes "old filters out" is "Remove old filters". */
export function readNoteClause(clause: Clause, terse: boolean): Reading {
  // ("never back into bottle" is a caution, not a thing to put somewhere.)
  // "…and the last thing is lights off": an announced step said the way notes say it.
  const noteLike = terse || (clause.sequenced && clause.tokens.length <= 6);
  const respelled = noteLike && !['never', 'not'].includes(clause.tokens[0]?.norm ?? '') ? respellNote(clause.tokens) : null;
  if (respelled) return { kind: 'action', title: respelled, details: '', source: render(clause.tokens) };
  // ("→ 999 + start CPR", "999/111 per flowchart": in notes an emergency number alone is calling it.)
  const said = render(clause.tokens).replace(/^[\s=]+/, '').replace(/[\s.,;:]+$/, '');
  if (terse && /^(?:999|911|112|111|000)(?:\/\d{3})?\b/.test(said) && !/\b(?:call|ring|phone|dial)\b/i.test(said)) return { kind: 'action', title: `Call ${said}`, details: '', source: render(clause.tokens) };
  return readClause(clause.tokens, { continuesSubject: clause.continuesSubject, passiveOf: clause.passiveOf });
}

/** A note that explains or states a rule rather than saying what to do. */
export const isExplanation = (tokens: Token[]) =>
  ['because', 'so', 'which', 'otherwise', 'eg', 'ie', 'note', 'nb', 'fyi', 'it', 'this', 'that', 'there', 'should', 'will', 'may', 'might', 'usually', 'normally', 'see'].includes(tokens[0]?.norm ?? '') || /\s=\s|^\s*[<>≤≥=]/.test(`${tokens[0]?.pre ?? ''}${render(tokens)}`);

/** "Floor", "Bedding plants": a thing of up to three words named as a label, or null. */
export function thingLabel(tokens: Token[]): string | null {
  return tokens.length <= 3 && isBareThing(tokens) ? capitalise(render(tokens).replace(/[\s:;,–—-]+$/, '')) : null;
}

/**
 * "Free chlorine under 1.0 ppm:", "Temperature above 8 °C", "No PO:": a label with no verb that
 * states a reading against a limit (or an absence), over the actions for that case, is their
 * condition ("…if free chlorine is under 1.0 ppm").
 */
export function thresholdLabel(sentence: Token[]): Qualifier | null {
  const words = sentence.filter((token) => token.text);
  if (words.length < 2 || words.length > 8 || words.some((token) => isVerb(token) && !token.tags.has('Auxiliary'))) return null;
  const text = render(words).replace(/[\s:.,;–—-]+$/, '');
  if (/^(?:no|not|missing|without)\b/i.test(text)) return { kind: 'condition', text: `If there is ${uncapitalise(text)}` };
  const at = words.findIndex((token, index) => index > 0 && (limitWords.has(token.norm) || /^[<>≤≥]/.test(`${token.pre.trim()}${token.text}`)));
  if (at < 0 || !words.slice(0, at).every((token) => isNoun(token) || ['Adjective', 'Acronym', 'Abbreviation', 'Value'].some((tag) => token.tags.has(tag)) || determiners.has(token.norm))) return null;
  const subject = render(words.slice(0, at));
  const copula = words[at - 1]!.tags.has('Plural') ? 'are' : 'is';
  return { kind: 'condition', text: `If ${uncapitalise(subject)} ${copula} ${render(words.slice(at)).replace(/[\s:.,;–—-]+$/, '')}` };
}
const limitWords = new Set(['under', 'over', 'above', 'below', 'between', 'outside', 'within', 'beyond', 'less', 'more', 'greater', 'higher', 'lower', 'exceeds', 'at']);

/** "A = do B": the instruction after an equals sign, under the case or the thing before it. */
export function equatedAction(clause: Clause): { reading: Reading; condition: Qualifier | null; label: string } | null {
  const at = clause.tokens.findIndex((token) => token.text === '=');
  if (at < 1 || at > 6 || at === clause.tokens.length - 1) return null;
  const left = clause.tokens.slice(0, at);
  const right = clause.tokens.slice(at + 1).filter((token) => token.text);
  // ("name = date" is a rule; a lone word is an instruction only when shouted: "= RETIRE".)
  // ("chipped = bin", "5% off = investigate": after a case, a verb procedures use is an instruction too.)
  const word = right[0]!;
  // (Not in an aside: "chk chips (chipped = bin)" says how the check is read.)
  const caseVerb = right.length === 1 && !left.some((token) => /\(/.test(token.pre)) && (commonActionVerbs.has(word.norm) || nounsUsedAsVerbs.has(word.norm) || isBaseVerb(word) || canBeVerb(word.norm)) && (caseCondition(left) !== null || left.some((token) => token.tags.has('Value')));
  if (right.length === 1 && !/^[A-Z]{3,}$/.test(right[0]!.text) && !caseVerb) return null;
  const reading = caseVerb ? { kind: 'action' as const, title: capitalise(right[0]!.norm), details: '', source: render(clause.tokens) } : readClause(clause.tokens.slice(at + 1));
  if (reading.kind !== 'action') return null;
  // ("20 on any trap = order Encarsia": a number said before "=" is a case too.)
  const counted = left.some((token) => token.tags.has('Value')) && !left.some((token) => /\(/.test(token.pre));
  const condition = caseCondition(left) ?? (caseVerb || counted ? { kind: 'condition' as const, text: `If ${render(left)}` } : null);
  const label = thingLabel(left);
  return condition || label ? { reading, condition, label: label ?? '' } : null;
}

/** "else call Blue Spoon", "if not, re-run it", "otherwise page on-call": the instruction, done if not. */
export function elseBranch(clause: Clause): Reading | null {
  const opening = ['else', 'otherwise'].includes(clause.tokens[0]?.norm ?? '') ? 1 : clause.tokens[0]?.norm === 'if' && ['not', 'no'].includes(clause.tokens[1]?.norm ?? '') && clause.tokens.length > 3 ? 2 : 0;
  const rest = clause.tokens.slice(opening);
  const verb = rest[0];
  if (!opening || !verb || rest.length < 2 || !(isBaseVerb(verb) || commonActionVerbs.has(verb.norm))) return null;
  const reading = readClause(rest);
  return reading.kind === 'action' ? { ...reading, title: `${reading.title} if not`, source: render(clause.tokens) } : null;
}

/** "customer arrives", "boat calls VHF ch 12 ~1hr out", "the alarm sounds": a thing or a person, then what it does, said in the present. */
export function happens(tokens: Token[]): boolean {
  const words = tokens.filter((token) => token.text.trim() !== '');
  const start = determiners.has(words[0]?.norm ?? '') ? 1 : 0;
  // (The tagger reads "alarm sounds" as an order and a plural: two words alone, a thing and what it does, are read as such.)
  const verbAt = words.findIndex((token, index) => index > start && index <= start + 2 && isThirdPersonVerb(token) && !token.tags.has('Possessive') && (!token.tags.has('Plural') || (index === words.length - 1 && index === start + 1)));
  return verbAt > 0 && words.slice(start, verbAt).every((token) => (isNoun(token) || isNounWord(token.norm)) && !token.tags.has('Pronoun') && !token.tags.has('Plural') && !commonActionVerbs.has(token.norm));
}

/** "can't verify", "card won't read": what cannot be done, said in a few words; who cannot (the reader when unsaid), or null. */
export function cannotDo(tokens: Token[]): 'reader' | 'named' | null {
  const words = tokens.filter((token) => token.text.trim() !== '' || token.norm === 'not');
  const at = words.findIndex((token, index) => index <= 2 && ['can', 'could', 'will', 'would', 'does', 'do', 'did'].includes(token.norm) && words[index + 1]?.norm === 'not');
  if (at < 0 || words.length > 6 || !isVerb(words[at + 2]) || words.slice(0, at).some((token) => isVerb(token) || token.tags.has('Pronoun'))) return null;
  return at === 0 ? 'reader' : 'named';
}

/**
 * "signed-for items -> log in book", "W-9: request from vendor": in notes, the thing named
 * before an arrow or a colon is the object of an instruction after it that has none of its own
 * ("bins: empty Fri 7am" → "Empty bins Fri 7am": a when after the verb is not its object).
 */
export function carryThingForward(clauses: Clause[]): Clause[] {
  const carried: Clause[] = [];
  for (let index = 0; index < clauses.length; index++) {
    const clause = clauses[index]!;
    const next = clauses[index + 1];
    const verb = next?.tokens[0];
    const after = next?.tokens[1];
    const takesThing =
      next &&
      verb &&
      (next.joint === ';' || next.joint === '>' || next.joint === ':' || next.joint === '-') &&
      isBareThing(clause.tokens) &&
      clause.tokens.length <= 5 &&
      // ("scanner battery ~20%: swap at depot": a reading names when, not what.)
      !clause.tokens.some((token) => /[%~]/.test(`${token.pre}${token.text}${token.post}`)) &&
      !respellNote(clause.tokens) &&
      // ("alarm sounds -> evacuate": what happens is when, not what the step acts on.)
      !(next.joint === '>' && happens(clause.tokens)) &&
      (commonActionVerbs.has(verb.norm) || isBaseVerb(verb) || nounsUsedAsVerbs.has(verb.norm) || donePlacedAt(next)) &&
      !intransitive.has(verb.norm) &&
      (!after || (['Date', 'WeekDay', 'Month', 'Time', 'Value'].some((tag) => after.tags.has(tag))) || ((after.tags.has('Preposition') || carryPrepositions.has(after.norm)) && !['up', 'out', 'off', 'down', 'back'].includes(after.norm) && Boolean(next.tokens[2]) && !next.tokens[2]!.tags.has('Preposition') && !(isVerb(next.tokens[2]) && !isNoun(next.tokens[2]))));
    if (!takesThing) {
      carried.push(clause);
      continue;
    }
    const thing = clause.tokens.map((token, at) => ({ ...token, pre: at === 0 ? '' : token.pre, post: at === clause.tokens.length - 1 ? ' ' : token.post, text: at === 0 && /^[A-Z][a-z]+$/.test(token.text) ? token.text.toLowerCase() : token.text }));
    // ("mats -> stacked by door": the state it is left in, said as doing it.)
    const doing = donePlacedAt(next) ? { ...verb, text: toInfinitive(verb.text), tags: new Set(['Verb', 'Infinitive', 'Imperative']) } : verb;
    carried.push({ ...next, tokens: [{ ...doing, post: ' ' }, ...thing, ...next.tokens.slice(1)], joint: clause.joint });
    index++;
  }
  return carried;
}

/** "stacked by door", "hung on hook 3": a past participle, then where. */
const donePlacedAt = (clause: Clause) =>
  /ed$/.test(clause.tokens[0]?.norm ?? '') && Boolean(clause.tokens[0]?.tags.has('PastTense') || clause.tokens[0]?.tags.has('Participle')) && Boolean(clause.tokens[1]?.tags.has('Preposition'));

const carryPrepositions = new Set(['in', 'on', 'into', 'onto', 'to', 'at', 'from', 'with', 'for', 'by', 'under', 'inside']);

/** Verbs that take no object: "walk to the office", "wait for the driver". */
const intransitive = new Set(['wait', 'go', 'come', 'stay', 'sit', 'stand', 'arrive', 'walk', 'talk', 'speak', 'listen', 'look', 'reply', 'respond', 'head', 'run', 'report', 'escalate', 'proceed', 'start', 'stop', 'continue', 'repeat', 'follow']);

/**
 * "Cat A defect -> phone Control as well", "under 18 w/o adult -> radio supervisor": in notes a thing named
 * before an arrow, when the instruction after it calls someone, is what is found: its case.
 */
export function thingFound(label: Token[], following: Clause, next: Reading): { kind: 'condition'; text: string } | null {
  const words = label.filter((token) => token.text);
  const first = words[0];
  // ("lunch choice: tell kitchen by 9.30": a label before a colon says what the step is about.)
  // ("smell of burning / loud buzzing / smoke": things found, one or another, count as one.)
  if (!first || words.filter((token) => token.text !== '/').length > 8 || words.length > 10 || next.kind !== 'action' || /^(?:if|when|once|unless)$/.test(first.norm) || /:/.test(words[words.length - 1]!.post)) return null;
  // (A thing, not a time or what the reader does first: "back on bridge empty", "deposit £50 cash", "new gloves -> open…" go on in order.)
  // ("leak at seal -> stop the pump": a fault, named by what it does, is found too.)
  if (!faultWords.has(first.norm) && (!(isNoun(first) || isNounWord(first.norm) || first.tags.has('Value') || determiners.has(first.norm)) || isBaseVerb(first) || first.tags.has('Adjective'))) return null;
  // Only a call to someone says what is done when the thing is found ("lunch choice -> tell kitchen" tells it them).
  // ("smell of burning / smoke -> DON'T enter", "leak -> stop the pump": so is a refusal or a halt.)
  // (Not after a thing of a word or two: "sharps/needles -> don't touch" says what not to do with them.)
  const verb = following.tokens.find((token) => token.text)?.norm ?? '';
  const found = faultWords.has(first.norm) || words.filter((token) => /\p{L}/u.test(token.text)).length >= 3;
  if (!escalations.has(verb) && !(halts.has(verb) && found)) return null;
  return { kind: 'condition', text: `if ${uncapitalise(render(words).replace(/[\s;,:]+$/, ''))}` };
}

const escalations = new Set(['call', 'phone', 'ring', 'radio', 'escalate', 'notify', 'contact', 'alert', 'page']);
/** What is said, after a thing found, to refuse or halt: the thing is the case it is done in. */
const halts = new Set(['dont', "don't", 'do', 'never', 'not', 'stop', 'abort', 'evacuate', 'refuse', 'halt']);
