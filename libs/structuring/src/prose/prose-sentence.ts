// What the clause readers of running text share: the sentence, what its clauses said so far, the clause being read.
import type { Clause } from '../clauses/clause';
import type { Reading } from '../clauses/instruction';
import type { StepWriter } from '../steps/step-writer';

/** A sentence of running text being written: the writer, the whole text, whether it is notes, and the sentence's clauses. */
export interface ProseSentence {
  writer: StepWriter;
  text: string;
  terse: boolean;
  clauses: Clause[];
}

/** What the clauses before this one in the sentence said, for the clauses after them. */
export interface SaidSoFar {
  /** The verb the last instruction used ("Test", "Take … to"), for a step that says only its object. */
  previousAction: string | null;
  previousKind: Reading['kind'] | null;
  /** The thing just named, for an "it" after it. */
  previousObject: string | null;
  /** The kind of thing just named ("meter"), for an "each one" after it. */
  previousKindOfThing: string | null;
  isFirstLine: boolean;
  /** Clauses already written with one before them. */
  consumed: Set<number>;
  /** The case said first in the sentence, while the actions joined after it are still in it. */
  governing?: Extract<Reading, { kind: 'condition' }>;
  /** The case a line of notes opened with ("seal broken ->"), as written into the step after it. */
  caseText?: string;
}

/** One clause of the sentence, where it stands, and the clause after it. */
export interface ClauseAt {
  clause: Clause;
  index: number;
  following: Clause | undefined;
}

/** Whether a condition waits for the step after the clause (forward), and how the clause may lead into that step. */
export interface LeadIns {
  forward: boolean;
  arrowLead: boolean;
  purposeLead: boolean;
  timeLead: boolean;
}
