import { commonActionVerbs, determiners } from './lexicon';
import { capitalise } from './instruction';
import { isNounWord, isVerb, render, type Token } from './tokens';

/**
 * Terse notes put the thing first and what happens to it last: "old filters out", "door
 * shut", "mic check". Said as an instruction, the verb comes first.
 */
const thingThenDoing: Record<string, (thing: string) => string> = {
  open: (thing) => `Open ${thing}`,
  opened: (thing) => `Open ${thing}`,
  shut: (thing) => `Shut ${thing}`,
  closed: (thing) => `Close ${thing}`,
  out: (thing) => `Remove ${thing}`,
  in: (thing) => `Put ${thing} in`,
  on: (thing) => `Turn ${thing} on`,
  off: (thing) => `Turn ${thing} off`,
  check: (thing) => `Check ${thing}`,
  checked: (thing) => `Check ${thing}`,
  test: (thing) => `Test ${thing}`,
  tested: (thing) => `Test ${thing}`,
  cleaned: (thing) => `Clean ${thing}`,
  wiped: (thing) => `Wipe ${thing}`,
  removed: (thing) => `Remove ${thing}`,
  replaced: (thing) => `Replace ${thing}`,
  emptied: (thing) => `Empty ${thing}`,
  refilled: (thing) => `Refill ${thing}`,
  signed: (thing) => `Sign ${thing}`,
  labelled: (thing) => `Label ${thing}`,
  labeled: (thing) => `Label ${thing}`,
};

/** "access door open" → "Open access door"; "total vs last run" → "Compare total with last run"; null when the note says it another way. */
export function respellNote(tokens: Token[]): string | null {
  const words = tokens.filter((token) => token.text.trim() !== '');
  if (words.length < 2 || words.length > 9) return null;
  // The state word closes the note or comes before where it happens: "valve B closed at the manifold".
  const stateAt = words.findIndex((token, index) => index > 0 && token.norm in thingThenDoing && (index === words.length - 1 || places.has(words[index + 1]!.norm)));
  if (stateAt > 0 && stateAt <= 5) {
    const thing = words.slice(0, stateAt);
    // The thing must be a bare noun phrase: "staff in hi-vis", "recount any shelf over 2% out" or "if it is open" are not this.
    const bareThing =
      !commonActionVerbs.has(thing[0]!.norm) &&
      thing.every((token, index) => !token.tags.has('Pronoun') && !token.tags.has('Preposition') && !token.tags.has('Conjunction') && !(isVerb(token) && !isNounWord(token.norm) && !isNounWord(token.norm.replace(/s$/, ''))) && !(index > 0 && determiners.has(token.norm)));
    const where = render(words.slice(stateAt + 1)).replace(/[\s.,;:!?]+$/, '');
    if (bareThing && !/[,;:]/.test(render(thing))) return capitalise([thingThenDoing[words[stateAt]!.norm]!(render(thing)), where].filter(Boolean).join(' '));
  }
  const versus = words.findIndex((token) => ['vs', 'v', 'versus'].includes(token.norm.replace(/\.$/, '')));
  if (versus > 0 && versus < words.length - 1 && !commonActionVerbs.has(words[0]!.norm) && !words.some((token) => isVerb(token) && !token.tags.has('Gerund') && !isNounWord(token.norm))) {
    return `Compare ${render(words.slice(0, versus))} with ${render(words.slice(versus + 1)).replace(/[\s.,;:!?]+$/, '')}`;
  }
  return null;
}

const places = new Set(['at', 'in', 'on', 'to', 'from', 'into', 'onto', 'with', 'by', 'behind', 'under', 'inside', 'outside']);
