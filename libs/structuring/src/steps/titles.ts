// Fitting a step's title to its length, cut at a clause or phrase boundary.
import { asSentence } from '../clauses/instruction';

/** Longer titles read as paragraphs in a step list; they are shortened at a clause boundary. */
export const MAX_TITLE = 100;
const MIN_TITLE = 12;

/** Boundaries a title may end at, best first: punctuation, then subordinate clauses, then phrases. */
const boundaries = [
  /(?:[,;:]|\s[-–—])\s+/g,
  /\s+(?=(?:before|after|until|while|when|whenever|once|if|unless|so|because|since|as soon as|in case|and then|then)\s)/g,
  // "and" before a new clause ("…and tell the customer"), not between two nouns.
  /\s+(?=(?:and|or|but)\s+(?:then\s+)?(?:tell|send|call|check|make|put|take|give|add|ask|write|sign|file|email|let|get|go|open|close|click|press|use|keep|leave|wait|return|record|note|update|print|save|lock|move|mark|place|clean|wipe|remove|confirm)\s)/g,
  // A phrase boundary: the title keeps the verb and its object, the details get the rest.
  /\s+(?=(?:by|with|using|via|through|from|into|onto|for|in|on|at|to|under|within|without|against|including|except)\s)/g,
];

/**
 * A title of at most MAX_TITLE characters, cut at the last clause or phrase boundary that
 * fits, never inside a phrase; what is cut off opens the details. A title with no
 * boundary in reach stays whole.
 */
export function fitTitle(written: string, details: string): { title: string; details: string } {
  const title = withoutDanglingWord(written);
  if (title.length <= MAX_TITLE) return { title, details };
  for (const boundary of boundaries) {
    // (Never after a condition whose action is cut off: "…; if over | split into two volumes" keeps them together.)
    // (Nor right after a label: "International only: | check the passport…" would leave the label alone.)
    const cuts = [...title.matchAll(boundary)]
      .map((match) => ({ at: match.index!, end: match.index! + match[0].length, label: match[0].trim() === ':' && title.slice(0, match.index!).trim().split(/\s+/).length <= 3 }))
      .filter((cut) => cut.at >= MIN_TITLE && cut.at <= MAX_TITLE && !cut.label && !endsOnCondition(title.slice(0, cut.at)));
    const cut = cuts[cuts.length - 1];
    if (!cut) continue;
    const rest = title.slice(cut.end).replace(/^(?:and|or|but)\s+/, '');
    const head = title.slice(0, cut.at).replace(/[\s,;:–—-]+$/, '');
    // "…to the office for | after school club": a cut right after a preposition takes it along.
    const dangling = /\s(for|to|with|at|of|in|on|from|by)$/i.exec(head);
    const kept = dangling ? head.slice(0, dangling.index) : head;
    const moved = dangling ? `${dangling[1]} ${rest}` : rest;
    return { title: withoutDanglingWord(kept), details: [asSentence(moved), details].filter(Boolean).join(' ') };
  }
  return { title, details };
}

/** "…at three ten and": a title never ends on a conjunction or an article (speech trails off). */
function withoutDanglingWord(title: string): string {
  // ("…if so" is a condition, not a dangling "so".)
  // ("…is idle, or, better": a correction the speaker started before the next step is no part of this one.)
  const trimmed = title.replace(/,?\s+or,?\s+(?:actually,?\s+)?(?:better|rather|even better|actually)$/i, '').replace(/(?:\s+(?:and|or|but|(?<!\bif\s+)so|then|the|a|an|(?:and|or|but) not))+$/i, '');
  return trimmed.length > 0 ? trimmed : title;
}

/** "…under 50MB; if over": the last piece of a head is a condition, with its action after the cut. */
const endsOnCondition = (head: string) => /^(?:if|unless|when|once|otherwise|else)\b/i.test(head.split(/[,;:]\s+|\s[-–—]\s+/).pop()!.trim());
