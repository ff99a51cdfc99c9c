/**
 * The matching rule, applied to step titles only (the title is what a reader scans):
 *
 * 1. A title becomes a set of content-word stems: lower case, numbers as digits ("five
 *    dollars" and "$5" both give "5"), function words dropped (articles, pronouns,
 *    prepositions, auxiliaries), light suffix stripping ("closing", "closes" → "clos").
 * 2. A produced title P matches an expected title E when it is not a merge of several
 *    steps (at least a third of P's words are E's: |E∩P| ≥ ⅓|P|) and either
 *    a. it covers at least half of E's words (|E∩P| ≥ ½|E|, and at least 2 shared words
 *       when E has 2 or more), or
 *    b. it is the same action on the same thing: the same first word (the verb) and at
 *       least one more shared word, so "Stop the stopwatch" matches "Stop the stopwatch
 *       when the last warden reports all clear" (the trigger went to the details). A
 *       condition said first does not hide the verb: in "If it is over 30°C, ring the
 *       supplier" the verb is "ring".
 * 3. Pairs are assigned greedily by overlap (Dice coefficient, ties to the closer
 *    position), each expected and each produced step used at most once.
 *
 * recall = matched / expected steps; precision = matched / produced steps; order = the
 * longest run of matched steps in expected order (longest increasing subsequence of
 * their produced positions) / matched.
 */
const functionWords = new Set(
  `a an the to of in into on onto at for from with by as and or but nor then so if than that this these those there here it its it's
  you your yours we our us i me my they them their he him his she her is are was were be been being am do does did will would shall
  should can could may might must have has had need needs just also please make sure all any some each every one's up down over
  about via per what which who when where how ll s re ve d t m`.split(/\s+/),
);
const units = new Set(['dollar', 'dollars', 'bucks', 'percent', 'euros', 'euro', 'pounds']);
const small: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19, twenty: 20, thirty: 30,
  forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90,
};
const scales: Record<string, number> = { hundred: 100, thousand: 1000, million: 1_000_000 };

/** "two hundred fifty" → "250"; other words pass through. */
function numbersAsDigits(words: string[]): string[] {
  const out: string[] = [];
  let value: number | null = null;
  let current = 0;
  const flush = () => {
    if (value !== null) out.push(String(value + current));
    value = null;
    current = 0;
  };
  for (const word of words) {
    if (word in small) {
      value ??= 0;
      current += small[word]!;
    } else if (word in scales && value !== null) {
      if (scales[word]! >= 1000) {
        value += (current || 1) * scales[word]!;
        current = 0;
      } else current = (current || 1) * scales[word]!;
    } else if (word === 'and' && value !== null) continue;
    else {
      flush();
      out.push(word);
    }
  }
  flush();
  return out;
}

function stem(word: string): string {
  let stemmed = word.replace(/'s$/, '');
  if (/^\d/.test(stemmed)) return stemmed;
  if (stemmed.length > 4 && stemmed.endsWith('ies')) stemmed = `${stemmed.slice(0, -3)}y`;
  else if (stemmed.length > 5 && stemmed.endsWith('ing')) stemmed = stemmed.slice(0, -3);
  else if (stemmed.length > 4 && stemmed.endsWith('ed')) stemmed = stemmed.slice(0, -2);
  else if (stemmed.length > 4 && /(ss|x|ch|sh)es$/.test(stemmed)) stemmed = stemmed.slice(0, -2);
  else if (stemmed.length > 3 && stemmed.endsWith('s') && !stemmed.endsWith('ss')) stemmed = stemmed.slice(0, -1);
  return stemmed.replace(/(.)\1$/, '$1').replace(/e$/, '');
}

export function contentWords(title: string): Set<string> {
  return new Set(contentWordList(title));
}

/** The content words in order (the first is the verb of an imperative title). */
function contentWordList(title: string): string[] {
  const words = title
    .toLowerCase()
    .replace(/[’']/g, "'")
    // Contractions are their words: "don't" is "do not", "they're" is "they are" (function words but for "not").
    .replace(/\bwon't\b/g, 'will not')
    .replace(/\bcan't\b/g, 'can not')
    .replace(/n't\b/g, ' not')
    .replace(/'(s|re|ve|ll|d|m)\b/g, ' $1')
    .replace(/(\d),(\d)/g, '$1$2')
    .split(/[^a-z0-9']+/)
    .map((word) => word.replace(/^'+|'+$/g, ''))
    .filter(Boolean);
  return numbersAsDigits(words)
    .filter((word) => !functionWords.has(word) && !units.has(word))
    .map(stem)
    .filter(Boolean);
}

/** The verb: the first content word, after a condition or a time said first ("If it is over 30, ring…"). */
const firstWord = (title: string) => contentWordList(/^(?:if|when|once|after|before|unless|while|until|as soon as)\b[^,]{1,80},\s*(\S.*)$/i.exec(title.trim())?.[1] ?? title)[0];

const overlap = (a: Set<string>, b: Set<string>) => [...a].filter((word) => b.has(word)).length;

export function isMatch(expected: Set<string>, produced: Set<string>, sameVerb = false): boolean {
  const shared = overlap(expected, produced);
  if (expected.size === 0 || produced.size === 0 || shared < produced.size / 3) return false;
  const covers = shared >= expected.size / 2 && shared >= Math.min(2, expected.size);
  return covers || (sameVerb && shared >= 2);
}

export interface Score {
  expected: number;
  produced: number;
  matched: number;
  /** Matched pairs in expected order. */
  inOrder: number;
  /** Per expected step, the index of the produced step it matched, or -1. */
  pairs: number[];
}

function longestIncreasing(values: number[]): number {
  const tails: number[] = [];
  for (const value of values) {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (tails[mid]! < value) low = mid + 1;
      else high = mid;
    }
    tails[low] = value;
  }
  return tails.length;
}

export function scoreSteps(expectedTitles: string[], producedTitles: string[]): Score {
  const expected = expectedTitles.map(contentWords);
  const produced = producedTitles.map(contentWords);
  const expectedVerbs = expectedTitles.map(firstWord);
  const producedVerbs = producedTitles.map(firstWord);
  const candidates: { e: number; p: number; dice: number; distance: number }[] = [];
  expected.forEach((e, ei) =>
    produced.forEach((p, pi) => {
      if (isMatch(e, p, expectedVerbs[ei] !== undefined && expectedVerbs[ei] === producedVerbs[pi])) candidates.push({ e: ei, p: pi, dice: (2 * overlap(e, p)) / (e.size + p.size), distance: Math.abs(ei / expected.length - pi / produced.length) });
    }),
  );
  candidates.sort((a, b) => b.dice - a.dice || a.distance - b.distance);
  const pairs = expected.map(() => -1);
  const used = new Set<number>();
  for (const candidate of candidates) {
    if (pairs[candidate.e] !== -1 || used.has(candidate.p)) continue;
    pairs[candidate.e] = candidate.p;
    used.add(candidate.p);
  }
  const matchedPositions = pairs.filter((p) => p >= 0);
  return { expected: expected.length, produced: produced.length, matched: matchedPositions.length, inOrder: longestIncreasing(matchedPositions), pairs };
}
