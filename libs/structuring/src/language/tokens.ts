// Words as the tagger (compromise) sees them, and tests of their part of speech.
import nlp from 'compromise';
import { commonActionVerbs, determiners } from './lexicon';

/** One word as the tagger saw it, with the spacing and punctuation around it. */
export interface Token {
  /** As written ("you'll"); empty for the second half of a contraction. */
  text: string;
  pre: string;
  post: string;
  /** Lower case, no punctuation, contractions expanded ("you", "will"). */
  norm: string;
  tags: Set<string>;
}

interface TermJson {
  text: string;
  pre: string;
  post: string;
  normal?: string;
  implicit?: string;
  tags: string[];
}

// Abbreviations whose full stop must not end a sentence; the tagger knows some of them.
const abbreviations = /\b(e\.g|i\.e|vs|esp|dept|no|nos|ref|fig|mr|mrs|ms|dr|st|jr|sr|a\.m|p\.m|u\.s|u\.k)\.(?=\s+\S)/gi;
/** The same, for those that may also end a sentence: only before a word in lower case or a number (the pattern is case-sensitive for that). */
const unitAbbreviations = /\b([Ee]tc|[Aa]pprox|[Ii]ncl|[Mm]ins?|[Mm]ax|[Hh]rs|[Ss]ecs)\.(?=\s+[^\sA-Z])/g;
// ("wait 15 min. Mix the lye", "pens, pads etc. Then lock up": a unit or "etc" before a capital ends the sentence; the tagger needs a line break to see it.)
const endingAbbreviation = /\b([Ee]tc|[Aa]pprox|[Ii]ncl|[Mm]ins?|[Mm]ax|[Hh]rs|[Ss]ecs)\.[ \t]+(?=[A-Z])/g;
const protectedDot = '\u2024';

const normalise = (term: TermJson) =>
  (term.implicit ?? term.normal ?? term.text)
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^\p{L}\p{N}$%@#&+-]/gu, '');

/** Longest run of words handed to the tagger at once: its time grows faster than the length of a sentence. */
const MAX_CHUNK_WORDS = 60;
/** Where unpunctuated speech can be cut for the tagger without splitting a phrase. */
const chunkBoundary = /\s+(?=(?:and then|then|after that|so|okay|ok|alright|next|now|once|finally|um|uh)\s)/gi;

/** Splits a long unpunctuated run into chunks at connectives, each at most about MAX_CHUNK_WORDS words. */
function chunks(text: string): string[] {
  if (text.split(/\s+/).length <= MAX_CHUNK_WORDS) return [text];
  const pieces: string[] = [];
  let start = 0;
  let words = 0;
  let lastCut = -1;
  for (const match of text.matchAll(/\s+/g)) {
    words++;
    if (/[.!?]$/.test(text.slice(0, match.index))) {
      lastCut = match.index!;
      words = words > MAX_CHUNK_WORDS ? 0 : words;
    }
    chunkBoundary.lastIndex = match.index!;
    const boundary = chunkBoundary.exec(text);
    if (boundary?.index === match.index && words >= MAX_CHUNK_WORDS / 3) lastCut = match.index!;
    if (words >= MAX_CHUNK_WORDS) {
      const cut = lastCut > start ? lastCut : match.index!;
      pieces.push(text.slice(start, cut));
      start = cut;
      words = text.slice(cut, match.index! + match[0].length).split(/\s+/).filter(Boolean).length;
      lastCut = -1;
    }
  }
  pieces.push(text.slice(start));
  return pieces.filter((piece) => piece.trim());
}

const toToken = (term: TermJson): Token => ({
  text: term.text.replaceAll(protectedDot, '.'),
  pre: term.pre.replaceAll(protectedDot, '.'),
  post: term.post.replaceAll(protectedDot, '.'),
  norm: normalise(term),
  tags: new Set(term.tags),
});

/**
 * Sentences of tagged tokens. Full stops of common abbreviations never end a sentence.
 * Long unpunctuated speech is tagged in chunks cut at connectives and joined again, so an
 * hour of transcript takes seconds, not minutes.
 */
export function tagSentences(text: string): Token[][] {
  const guarded = text
    .replace(endingAbbreviation, '$1.\n')
    .replace(abbreviations, (match) => match.replace(/\./g, protectedDot))
    .replace(unitAbbreviations, (match) => match.replace(/\./g, protectedDot));
  const sentences: Token[][] = [];
  let open = false;
  for (const chunk of chunks(guarded)) {
    for (const sentence of nlp(chunk).json() as { terms: TermJson[] }[]) {
      const tokens = withTillsAsThings(withPathsAsThings(withVerbsNotNames(withSpacingOnWords(repairInfinitives(withPrefixesJoined(sentence.terms.map(toToken)))))));
      if (tokens.length === 0) continue;
      // A chunk cut inside a sentence continues it.
      if (open && sentences.length > 0) {
        const last = sentences[sentences.length - 1]!;
        if (!/\s$/.test(last[last.length - 1]!.post)) last[last.length - 1]!.post += ' ';
        last.push(...tokens);
      } else sentences.push(tokens);
      open = false;
    }
    const lastSentence = sentences[sentences.length - 1];
    open = Boolean(lastSentence && !/[.!?]/.test(lastSentence[lastSentence.length - 1]!.post));
  }
  return sentences;
}

/**
 * "Clear /var/scratch", "Open https://status.example.com and check it": the tagger reads a path or an address as a
 * verb, and the verb before it as a word describing it; a path is a thing, and a verb opening the sentence before it is one.
 */
function withPathsAsThings(tokens: Token[]): Token[] {
  tokens.forEach((token, index) => {
    // (A path opens with "/" or an address with its scheme: "stuck/snapped" is one word or another, left as the tagger read it.)
    if (!/^`?(?:\/[\w.-]|[a-z][\w+.-]*:\/\/)/i.test(`${token.pre.trim()}${token.text}`) || token.tags.has('Date') || token.tags.has('Value')) return;
    if (isVerb(token)) token.tags = new Set(['Noun', 'Singular']);
    const verb = tokens[index - 1];
    const opens = index === 1 || /[,;:]/.test(tokens[index - 2]!.post) || ['and', 'then', 'or'].includes(tokens[index - 2]!.norm);
    if (opens && verb && !isVerb(verb) && (commonActionVerbs.has(verb.norm) || canBeVerb(verb.norm))) verb.tags = new Set(['Verb', 'Imperative', 'Infinitive']);
  });
  return tokens;
}

/** "print the Z report from the till then count…": after an article or a possessive, "till" is the cash till, not "until". */
function withTillsAsThings(tokens: Token[]): Token[] {
  tokens.forEach((token, index) => {
    const before = tokens[index - 1];
    if (token.norm === 'till' && before && (['the', 'a', 'an', 'each', 'every', 'this', 'that'].includes(before.norm) || before.tags.has('Possessive'))) token.tags = new Set(['Noun', 'Singular']);
  });
  return tokens;
}

/** "Mark eyelet positions", "Bill the client": a verb procedures use, opening a sentence, is no one's name. */
function withVerbsNotNames(tokens: Token[]): Token[] {
  const first = tokens[0];
  if (first && (first.tags.has('Person') || first.tags.has('FirstName')) && commonActionVerbs.has(first.norm)) first.tags = new Set(['Verb', 'Imperative', 'Infinitive']);
  return tokens;
}

/**
 * "Re-arm the alarm", "Pre-dip teats": the tagger splits a capitalised prefix from its word; it is
 * one word, a verb where its stem is one ("re-tape" in lower case is already read whole).
 */
function withPrefixesJoined(tokens: Token[]): Token[] {
  const joined: Token[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    const stem = tokens[index + 1];
    if (token.tags.has('Prefix') && token.post === '-' && stem?.tags.has('Hyphenated')) {
      const verb = canBeVerb(stem.norm);
      joined.push({ text: `${token.text}-${stem.text}`, pre: token.pre, post: stem.post, norm: `${token.norm}-${stem.norm}`, tags: verb ? new Set(['Verb', 'Infinitive']) : new Set([...stem.tags].filter((tag) => tag !== 'Hyphenated')) });
      index++;
    }
    // ("ping the on call", "the on-call engineer": after an article, "on call" is one word, the person on call.)
    else if (token.norm === 'on' && stem?.norm === 'call' && determiners.has(tokens[index - 1]?.norm ?? '')) {
      joined.push({ text: `${token.text}-${stem.text}`, pre: token.pre, post: stem.post, norm: 'on-call', tags: new Set(['Noun', 'Singular']) });
      index++;
    }
    // ("the pre use check": a prefix said apart from its word qualifies it, it does nothing.)
    else if (token.tags.has('Prefix') && !/-/.test(token.post)) joined.push({ ...token, tags: new Set(['Adjective', 'Prefix']) });
    else joined.push(token);
  }
  return joined;
}

/**
 * "15mm" is read as "15" and an unwritten "mm", "it's" as "it" and an unwritten "is": the space
 * after them belongs to the written word, so a title that leaves the unwritten half out keeps it.
 */
function withSpacingOnWords(tokens: Token[]): Token[] {
  tokens.forEach((token, index) => {
    const previous = tokens[index - 1];
    if (previous && !token.text && !token.pre && !/[^\s]/.test(token.post) && !previous.post) {
      previous.post = token.post;
      token.post = '';
    }
  });
  return tokens;
}

const sequenceWords = new Set(['then', 'first', 'next', 'now', 'finally', 'please', 'just', 'also']);
const objectOpeners = new Set(['the', 'a', 'an', 'your', 'their', 'our', 'my', 'his', 'her', 'its', 'each', 'every', 'any', 'all', 'this', 'that', 'these', 'those']);

/**
 * "to descale the kettle", "then light the smoker": a word the tagger took for a noun or an
 * adjective, between "to" or a sequence word and its object, is the verb.
 */
function repairInfinitives(tokens: Token[]): Token[] {
  return tokens.map((token, index) => {
    // ("count them against the list": a preposition the tagger read as a verb is a preposition.)
    if (neverVerbs.has(token.norm) && token.tags.has('Verb') && !token.tags.has('PhrasalVerb')) return { ...token, tags: new Set(['Preposition']) };
    // ("pack up on you halfway through": the tagger's verb is an adverb.)
    if (adverbsTakenForVerbs.has(token.norm)) return { ...token, tags: new Set(['Adverb']) };
    // ("that's me done the cup of tea is optional": "done" is a participle, never the verb an instruction opens with.)
    if (token.norm === 'done' && token.tags.has('Infinitive')) return { ...token, tags: new Set(['Verb', 'PastTense', 'Participle']) };
    const before = tokens[index - 1]?.norm ?? '';
    // "Rinse the kit and…": what opens a sentence or follows a clause's end before an object is its verb.
    const opensClause = index === 0 || endsClause(tokens[index - 1]);
    const afterSequence = (sequenceWords.has(before) || opensClause) && (token.tags.has('Adjective') || token.tags.has('Noun')) && !token.tags.has('Plural') && !token.tags.has('Pronoun') && (objectOpeners.has(tokens[index + 1]?.norm ?? '') || ['it', 'them'].includes(tokens[index + 1]?.norm ?? '')) && canBeVerb(token.norm);
    // "Power on and confirm…", "Top up fluid", "Cable up:": a word and its particle opening a clause are a phrasal verb.
    const phrasal = opensClause && (token.tags.has('Adjective') || token.tags.has('Noun')) && !token.tags.has('Plural') && !token.tags.has('Pronoun') && !token.tags.has('ProperNoun') && phrasalParticles.has(tokens[index + 1]?.norm ?? '') && !tokens[index + 1]!.tags.has('Noun') && closesPhrasal(tokens[index + 2]) && canBeVerb(token.norm);
    // "If it is full, swap to the spare": after a condition's comma, a word that can be a verb opens the instruction.
    const afterCondition = opensClause && index > 2 && ['if', 'when', 'once', 'unless'].includes(tokens[0]!.norm) && /,/.test(tokens[index - 1]!.post) && (token.tags.has('Noun') || token.tags.has('Adjective')) && !token.tags.has('Plural') && !token.tags.has('Pronoun') && !token.tags.has('ProperNoun') && Boolean(tokens[index + 1]?.tags.has('Preposition')) && canBeVerb(token.norm);
    // "call NOC to close the visit", "email Finance": a verb procedures use, opening a clause, before a name.
    const beforeName = opensClause && commonActionVerbs.has(token.norm) && token.tags.has('Noun') && !token.tags.has('Plural') && Boolean(tokens[index + 1] && (tokens[index + 1]!.tags.has('Acronym') || tokens[index + 1]!.tags.has('ProperNoun')) && /^[A-Z]/.test(tokens[index + 1]!.text));
    // ("open reaper and load the template": a verb procedures use, read as an adjective before a thing that does nothing itself.)
    const beforeThing = opensClause && ['open', 'close', 'clean', 'empty', 'clear', 'dry'].includes(token.norm) && token.tags.has('Adjective') && isNoun(tokens[index + 1]) && !tokens[index + 1]!.tags.has('Plural') && (!tokens[index + 2] || ['and', 'then', 'in', 'on', 'with', 'to', 'from', 'for'].includes(tokens[index + 2]!.norm) || /[,;.]/.test(tokens[index + 1]!.post));
    // ("I steam it", "you bin them": between a subject and an object pronoun only a verb stands.)
    const afterSubject = ['i', 'you', 'we', 'they'].includes(before) && ['it', 'them', 'him', 'her', 'me', 'us'].includes(tokens[index + 1]?.norm ?? '') && token.tags.has('Noun') && !token.tags.has('Pronoun') && !token.tags.has('Plural') && /^[a-z]{3,}$/.test(token.norm) && !neverVerbs.has(token.norm);
    // ("ask if they've used retinol", "see whether it's set": opening a clause before "if" or "whether", a word that can be a verb asks.)
    // ("check you can see bubbles", "check that it's level": a verb of checking before what is checked.)
    const beforeWhether = opensClause && (['if', 'whether'].includes(tokens[index + 1]?.norm ?? '') || (['check', 'ensure', 'confirm', 'verify'].includes(token.norm) && ['you', 'that', 'they', 'it', 'there', 'everything', 'everyone'].includes(tokens[index + 1]?.norm ?? ''))) && (token.tags.has('Noun') || token.tags.has('Adjective')) && !token.tags.has('Pronoun') && !token.tags.has('Plural') && canBeVerb(token.norm);
    // ("Rinse gently with water.", "Rinse.", "Discard slides in the bin": a verb procedures use, opening a sentence, before no noun of its own.)
    const opensWithVerb = index === 0 && commonActionVerbs.has(token.norm) && token.tags.has('Noun') && !token.tags.has('Plural') && /^[A-Z]/.test(token.text) && (!tokens[index + 1] || ['Adverb', 'Preposition', 'Determiner', 'Plural', 'Value'].some((tag) => tokens[index + 1]!.tags.has(tag)) || (/[a-z]s$/.test(tokens[index + 1]!.norm) && (!tokens[index + 2] || ['Preposition', 'Conjunction'].some((tag) => tokens[index + 2]!.tags.has(tag)))));
    if (afterSequence || phrasal || afterCondition || beforeName || beforeThing || afterSubject || beforeWhether || opensWithVerb) return { ...token, tags: new Set([...[...token.tags].filter((tag) => !['Noun', 'Singular', 'ProperNoun', 'Adjective'].includes(tag)), 'Verb', 'Infinitive']) };
    // "fuel can -> metal box": after a noun and before no verb, "can" is the container ("Goods cannot be declared" is not).
    const container = token.norm === 'can' && token.tags.has('Modal') && tokens[index + 1]?.norm !== 'not' && tokens[index - 1]?.tags.has('Noun') && !tokens[index - 1]!.tags.has('Pronoun') && !/[,;:.]/.test(tokens[index - 1]!.post) && !startsVerbPhrase(tokens[index + 1]);
    if (container) return { ...token, tags: new Set(['Noun', 'Singular']) };
    const misread = before === 'to' && token.tags.has('Noun') && !token.tags.has('Plural') && !token.tags.has('Pronoun') && !token.tags.has('Value') && objectOpeners.has(tokens[index + 1]?.norm ?? '') && canBeVerb(token.norm);
    return misread ? { ...token, tags: new Set([...[...token.tags].filter((tag) => !['Noun', 'Singular', 'ProperNoun'].includes(tag)), 'Verb', 'Infinitive']) } : token;
  });
}

const adverbsTakenForVerbs = new Set(['halfway', 'midway', 'partway']);
const phrasalParticles = new Set(['up', 'down', 'on', 'off', 'out', 'back', 'over', 'away']);
/** After "power on": the clause ends, goes on ("and"), or the object starts. */
const closesPhrasal = (token: Token | undefined) =>
  !token || /^[^\p{L}\p{N}]*$/u.test(token.text) || ['and', 'then', 'the', 'a', 'an', 'all', 'any', 'each', 'every', 'your', 'its'].includes(token.norm) || (token.tags.has('Noun') && !token.tags.has('Pronoun'));

/** What may follow a modal "can": a verb, an adverb or "not" ("can go", "can also", "can't"). */
const startsVerbPhrase = (token: Token | undefined) =>
  Boolean(token && /^\p{L}/u.test(token.text) && (token.tags.has('Verb') || token.tags.has('Adverb') || token.tags.has('Negative') || ['not', 'be', 'also', 'only', 'still', 'just'].includes(token.norm)));

/** Tokens back to text, spacing and punctuation kept, without the first one's leading space. */
export function render(tokens: Token[]): string {
  return tokens
    .map((token, index) => `${index === 0 ? '' : token.pre}${token.text}${index === tokens.length - 1 ? token.post.replace(/\s+$/, '') : token.post}`)
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

export const isVerb = (token: Token | undefined) => Boolean(token?.tags.has('Verb'));
export const isNoun = (token: Token | undefined) => Boolean(token?.tags.has('Noun') && !token.tags.has('Pronoun'));

/** A verb in the form an instruction starts with: "check", not "checks" or "checked". */
export const isBaseVerb = (token: Token | undefined) =>
  Boolean(token && token.tags.has('Verb') && (token.tags.has('Infinitive') || token.tags.has('Imperative')) && !token.tags.has('Auxiliary'));

/** Punctuation after a token that closes a clause (a comma, a semicolon, a dash). */
export const endsClause = (token: Token | undefined) => Boolean(token && /[,;:–—]|\s-\s|\)/.test(token.post));

const verbCache = new Map<string, boolean>();
/** Prepositions the tagger sometimes calls adjectives ("under my leave"). */
const neverVerbs = new Set(['under', 'over', 'after', 'before', 'through', 'during', 'without', 'within', 'across', 'behind', 'beside', 'between', 'beyond', 'inside', 'outside', 'onto', 'into', 'upon', 'about', 'above', 'below', 'against', 'toward', 'towards']);
/** Nouns that procedures use as verbs ("email the manager", "bag the cash") and the tagger reads as nouns. */
export const nounsUsedAsVerbs = new Set(['email', 'bag', 'bin', 'stock', 'badge', 'shelve', 'box', 'stamp', 'date', 'initial', 'ticket', 'page', 'ping', 'message', 'phone', 'radio', 'tape', 'photo', 'screenshot', 'text', 'slack', 'tag', 'log', 'label', 'file', 'bleach', 'mop', 'hoover', 'vacuum', 'sanitise', 'sanitize', 'restock', 'park']);

/** Verbs of trades and labs the tagger's lexicon lacks ("retain the records", "tare the balance", "moor the boat"). */
export const isTradeVerb = (word: string) => tradeVerbs.has(word);
const tradeVerbs = new Set(
  'retain tare swab strap gown decant aliquot quarantine shred photocopy degrease deice grease torque clamp solder crimp splice centrifuge pipette cordon purge flush vent padlock tether moor unmoor hitch unhitch chock unchock winch rig stow unstow reimburse swap'.split(' '),
);

/** Whether a word the tagger read as something else can be an instruction's verb ("click" in "loads click save"). */
export function canBeVerb(word: string): boolean {
  // "preview", "re-check", "unplug", "counterstain": a verb with a prefix is a verb.
  const prefixed = /^(?:re|pre|un|over|under|mis|dis|de|counter|cross|sub|inter)-?([a-z]{3,})$/.exec(word);
  if (prefixed && canBeVerb(prefixed[1]!)) return true;
  if (!/^[a-z]{2,}$/.test(word) || neverVerbs.has(word)) return false;
  // Words the lexicon knows as function words ("under", "after", "during") never are.
  const listed = (nlp.model() as { one?: { lexicon?: Record<string, unknown> } }).one?.lexicon?.[word];
  if (typeof listed === 'string' && /Preposition|Conjunction|Determiner|Pronoun|Adverb|QuestionWord/.test(listed)) return false;
  let known = verbCache.get(word);
  if (known === undefined) {
    const tags = (nlp(`${word} the thing`).json() as { terms: TermJson[] }[])[0]?.terms[0]?.tags ?? [];
    const switches = (nlp.model() as { two?: { switches?: Record<string, string> } }).two?.switches ?? {};
    // ("compare the thing" reads as a noun phrase to the tagger: the verbs procedures use most are verbs whatever it says.)
    known = tags.includes('Imperative') || tags.includes('Infinitive') || /Verb/.test(switches[word] ?? '') || nounsUsedAsVerbs.has(word) || tradeVerbs.has(word) || (commonActionVerbs.has(word) && !isNounWord(word));
    verbCache.set(word, known);
  }
  return known;
}

const doneBySomeoneCache = new Map<string, boolean>();
/**
 * Whether a word is a verb someone does to a thing, asked the way a third-person sentence uses
 * it ("compare the thing" reads as a noun phrase to the tagger; "they compare it" does not).
 */
export function isDoneBySomeone(word: string): boolean {
  let known = doneBySomeoneCache.get(word);
  if (known === undefined) {
    const tags = (nlp(`they ${word} it`).json() as { terms: TermJson[] }[])[0]?.terms[1]?.tags ?? [];
    known = /^[a-z]{3,}$/.test(word) && !neverVerbs.has(word) && tags.includes('Verb');
    doneBySomeoneCache.set(word, known);
  }
  return known;
}

/** Whether the tagger's lexicon knows the word as a noun (alone or as a noun/verb switch). */
export function isNounWord(word: string): boolean {
  const model = nlp.model() as { one?: { lexicon?: Record<string, string | string[]> }; two?: { switches?: Record<string, string> } };
  const known = model.one?.lexicon?.[word];
  return /Noun/.test(model.two?.switches?.[word] ?? '') || (typeof known === 'string' ? /Singular|Noun|Plural/.test(known) : false);
}

/** Whether the tagger's lexicon lists the word as a verb's base form ("settle", "isolate"). */
export function isBaseVerbInLexicon(token: Token): boolean {
  const known = (nlp.model() as { one?: { lexicon?: Record<string, string | string[]> } }).one?.lexicon?.[token.norm];
  return typeof known === 'string' ? /Infinitive|Imperative/.test(known) : false;
}

const infinitiveCache = new Map<string, string>();

/** "checks", "checked", "checking" → "check", keeping the word's capitalisation. */
/** Participles the tagger reads as other words ("left" as a direction, "done" as an adjective). */
const irregularParticiples: Record<string, string> = { left: 'leave', done: 'do', wound: 'wind', ground: 'grind', burnt: 'burn', learnt: 'learn', spilt: 'spill', spelt: 'spell', dreamt: 'dream', leant: 'lean' };

export function toInfinitive(word: string): string {
  // ("OCR the bundle", "QA the build": an acronym said as a verb stays as written.)
  // ("STOP", "BIN" are words shouted, said in lower case.)
  if (/^[A-Z]{2,5}$/.test(word) && !canBeVerb(word.toLowerCase()) && !isNounWord(word.toLowerCase())) return word;
  const lower = word.toLowerCase();
  // ("gown", "moor": already the base form; the conjugator would make "gow".)
  let base = irregularParticiples[lower] ?? (tradeVerbs.has(lower) ? lower : infinitiveCache.get(lower));
  if (base === undefined) {
    const doc = nlp(lower);
    doc.tag('Verb');
    base = doc.verbs().toInfinitive().text().trim() || lower;
    if (!/^[a-z-]+$/.test(base)) base = lower;
    infinitiveCache.set(lower, base);
  }
  return /^[A-Z]/.test(word) ? base.charAt(0).toUpperCase() + base.slice(1) : base;
}

/** Particles and adverbs the tagger may call adjectives or nouns (prepositions are in `neverVerbs`). */
const closedClassWords = new Set('round around along near past off out up down back away first next last then also only just even'.split(' '));
const verbObjectOpeners = new Set(['the', 'a', 'an', 'each', 'every', 'all', 'any', 'your', 'both', 'its', 'their']);
const objectParticles = new Set(['down', 'up', 'out', 'off', 'over', 'back', 'away']);
/**
 * A lone singular noun or adjective (as the tagger read it) before an article, or before a particle
 * and an article ("Hose down the press", "Bag up the waste"): only a verb stands there.
 */
export const unknownVerbBeforeObject = (verb: Token, next: Token | undefined, after?: Token) =>
  Boolean(next && (verbObjectOpeners.has(next.norm) || (objectParticles.has(next.norm) && !/[,;:.!?]/.test(next.post) && after && verbObjectOpeners.has(after.norm)))) &&
  /^[a-z][a-z-]+$/i.test(verb.text) &&
  !/ing$/i.test(verb.text) &&
  !closedClassWords.has(verb.norm) &&
  !neverVerbs.has(verb.norm) &&
  !/[,;:.!?)]/.test(verb.post) &&
  (verb.tags.has('Noun') || verb.tags.has('Adjective')) &&
  !['Plural', 'Pronoun', 'Determiner', 'Preposition', 'Conjunction', 'Adverb', 'Value', 'Date', 'Possessive', 'Person', 'Place', 'Organization', 'Actor'].some((tag) => verb.tags.has(tag));
