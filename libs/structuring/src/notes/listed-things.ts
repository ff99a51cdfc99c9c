// Things named in a list: a check over them, kit to wear, what an instruction lists after its colon.
import type { Clause } from '../clauses/clause';
import { asSentence, readClause, type Reading } from '../clauses/instruction';
import { determiners } from '../language/lexicon';
import { isNoun, isVerb, render, type Token } from '../language/tokens';
import { stripMarker } from '../runbooks/sub-item-reading';
import { isExplanation } from './note-clauses';

/**
 * "quick chk: tyres, brakes, chain wear (tool)": a label ending in "check" over a list of things, in
 * the clauses from `at` (the commas of notes may have cut the list up: it is read together again);
 * the step that checks them, and where the list ends.
 */
export function checkOverList(label: Clause, clauses: Clause[], at: number): { reading: Reading; end: number } | null {
  const said = label.tokens.map((token) => token.norm).join(' ');
  // "walk round: tyres, lights, mirrors" checks them on the way round; "PPE: gloves, visor" is put on.
  const verb = /^(?:ppe|wear)$/.test(said) ? 'Put on' : /(?:^|\s)(?:checks?|inspection|inspect)$/.test(said) || /^(?:walk[- ]?a?round|walkaround|look over)$/.test(said) ? 'Check' : null;
  if (!verb) return null;
  // (A list after a dash only for a walk-round: "floor - tap it" is no check.)
  if (clauses[at]?.joint === '-' && !/walk/.test(said)) return null;
  let end = at + 1;
  while (clauses[end]?.joint === ',' && wordsBeforeAside(clauses[end]!.tokens) <= 3) end++;
  const listed = clauses.slice(at, end).flatMap((part) => part.tokens);
  // ("…/ chain wear (tool; >0.75 = new chain)": an aside after the list is its details.)
  const asideAt = listed.findIndex((token) => /\(/.test(token.pre));
  const names = namedThings(asideAt > 0 ? listed.slice(0, asideAt) : listed);
  if (!names) return null;
  const aside = asideAt > 0 ? asSentence(render(listed.slice(asideAt)).replace(/^\(|\)$/g, '')) : '';
  return { reading: { kind: 'action', title: `${verb} ${joinAsList(names)}`, details: aside, source: `${render(label.tokens)} ${render(listed)}` }, end };
}

/** How many words come before an aside in parentheses ("chalk buckets (refill if low)": 2). */
function wordsBeforeAside(tokens: Token[]): number {
  const aside = tokens.findIndex((token) => /\(/.test(token.pre));
  return aside < 0 ? tokens.length : aside;
}

/** "tyres, brakes, chain", "harness / helmet / rope": two or more short names of things, or null. */
export function namedThings(tokens: Token[]): string[] | null {
  const items: Token[][] = [[]];
  for (const token of tokens) {
    if (token.text === '/') {
      items.push([]);
      continue;
    }
    items[items.length - 1]!.push(token);
    if (/[,/]/.test(token.post)) items.push([]);
  }
  const named = items.filter((item) => item.length > 0);
  const plain = named.every((item) => item.length <= 3 && !item.some((token) => token.tags.has('Preposition') || determiners.has(token.norm) || token.tags.has('Pronoun')));
  return named.length >= 2 && plain ? named.map((item) => render(item).replace(/[\s,;:.]+$/, '')) : null;
}

/** "tin no., location, total, both sigs": two or more short names to the end of the line, none an instruction or a case; null otherwise. */
export function thingsListedAfter(clauses: Clause[], from: number): string | null {
  const rest = clauses.slice(from);
  const short = rest.every((clause, at) => (at === 0 || clause.joint === ',') && clause.tokens.length <= 4 && !isExplanation(clause.tokens) && (clause.tokens.length === 1 || readClause(clause.tokens).kind === 'statement'));
  const tokens = rest.flatMap((clause) => clause.tokens);
  const items = tokens.reduce<Token[][]>((all, token) => {
    all[all.length - 1]!.push(token);
    if (/[,/]/.test(token.post)) all.push([]);
    return all;
  }, [[]]).filter((item) => item.length > 0);
  // ("both sigs", "your initials": a name may open with whose or how many; the tagger reads some names as verbs, "total".)
  const plain = (item: Token[]) => item.length <= 4 && !item.some((token) => token.tags.has('Preposition') || (isVerb(token) && !isNoun(token) && !token.tags.has('Gerund')));
  const names = items.every((item) => plain(item) || item.length === 1) && items.filter(plain).length * 2 >= items.length;
  return short && names && items.length >= 2 ? render(tokens).replace(/[\s.,;:!?]+$/, '') : null;
}

export const joinAsList = (names: string[]) => {
  const clean = names.map((name) => stripMarker(name).replace(/[\s,]+$/, ''));
  return clean.length <= 1 ? (clean[0] ?? '') : `${clean.slice(0, -1).join(', ')} and ${clean[clean.length - 1]}`;
};

/** Protective kit, by the last word of its name. */
const kit = new Set('gloves glove goggles glasses specs sleeves boots apron aprons mask masks visor hi-vis helmet hat earplugs defenders overalls respirator ppe gown gowns coat shoes vest hairnet harness'.split(' '));

/** "goggles, nitrile gloves, long sleeves": two or more things, all of them protective kit, or null. */
export function kitListed(tokens: Token[]): string[] | null {
  const named = namedThings(tokens);
  return named && named.every((name) => kit.has(name.toLowerCase().split(/\s+/).pop() ?? '')) ? named : null;
}
