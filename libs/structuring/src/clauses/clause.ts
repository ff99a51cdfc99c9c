// A clause of a sentence, and the state of a sentence being cut into clauses.
import type { Token } from '../language/tokens';

/** A clause of a sentence, with how it was joined to the one before. */
export interface Clause {
  tokens: Token[];
  /** Introduced by a sequence word (then, next, after that…): a new step, never a continuation. */
  sequenced: boolean;
  /** Introduced by "first" or an announcement of the steps ("what you do is", "the first thing is"): the steps start here. */
  opensSteps?: boolean;
  /** "Before that, …": the step belongs before the previous one. */
  before: boolean;
  /** "…and signs the form": the subject of the clause before does this too. */
  continuesSubject: boolean;
  /** Joined to the clause before by "and"/"but"/"plus": it goes on from that clause rather than opening a new one. */
  conjoined?: boolean;
  /** "Samples are aliquoted and stored at 4 °C": a second participle of a passive, said of "it" or "them". */
  passiveOf?: 'it' | 'them';
  /** "(check the tyres for cuts) and the forks for cracks": the verb before is left out and meant again. */
  gapped?: boolean;
  /** The punctuation the clause was split at: a semicolon, an arrow (">"), a colon, a comma or a dash. */
  joint?: ';' | '>' | ':' | ',' | '-';
}

/** A sentence being cut into clauses: its words, the clauses cut so far, and the clause being read. */
export interface Cut {
  tokens: Token[];
  options: { terse?: boolean; speech?: boolean };
  speech: boolean;
  clauses: Clause[];
  /** The words of the clause being read. */
  current: Token[];
  /** How the clause being read was joined to the one before it. */
  flags: Omit<Clause, 'tokens'>;
  /** How many parentheses are open at the word being read. */
  depth: number;
}

/** The word being read, the word before it, and whether the clause being read had started before it. */
export interface WordAt {
  index: number;
  token: Token;
  previous: Token | undefined;
  started: boolean;
}

/** Ends the clause being read, if it has words, and opens the next. */
export function flush(cut: Cut) {
  const current = cut.current;
  // (A join left at the end goes; "if so" keeps its "so".)
  while (current.length > 0 && ['and', 'but', 'or', 'so', 'plus'].includes(current[current.length - 1]!.norm) && !(current[current.length - 1]!.norm === 'so' && current[current.length - 2]?.norm === 'if')) current.pop();
  // ("give them till one max cos if there's a same-day arrival…": a "because" left at the end goes; the case after it is the step's.)
  // ("if it's over twenty miles an hour just don't fly": a "just" left at the end was the next clause's; "just in case" keeps it.)
  const last = current[current.length - 1];
  const leftOver = last && current.length > 1 && !/[.!?]/.test(last.post) && (['because', 'cos', 'cause', 'coz'].includes(last.norm) || (last.norm === 'just' && ![undefined, 'in'].includes(cut.tokens[cut.tokens.indexOf(last) + 1]?.norm)));
  if (leftOver) current.pop();
  // A second cut where the clause was just cut keeps the punctuation it was cut at.
  const joint = current.length === 0 ? cut.flags.joint : undefined;
  if (current.length > 0) cut.clauses.push({ tokens: current, ...cut.flags });
  cut.current = [];
  cut.flags = { sequenced: false, before: false, continuesSubject: false, ...(joint ? { joint } : {}) };
}
