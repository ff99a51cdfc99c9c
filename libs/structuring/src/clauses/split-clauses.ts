// Splitting a sentence into clauses where a new instruction, condition or trigger starts.
import { checkingVerbs, determiners } from '../language/lexicon';
import { canBeVerb, isBaseVerb, isNoun, isVerb, render, tagSentences, type Token } from '../language/tokens';
import { actorVerbAt, actsOnObject } from './actors';
import { flush, type Clause, type Cut, type WordAt } from './clause';
import { cutBeforeWord } from './clause-openers';
import { reducedRelative } from './clause-starts';
import { cutAtAnnouncement, cutAtJoin, cutAtMarks, cutAtNextAction, cutAtSequence, cutBeforeInstruction } from './cuts';
import { dropFillers } from './fillers';
import { passiveAt } from './passives';
import { qualifyingClause } from './qualifiers';
import { hasVerb, isSubject, isThirdPersonVerb } from './words';

/**
 * Splits a sentence into clauses where a new instruction, condition or trigger starts:
 * at sequence words, at "and"/"but" before a new action, at a comma before one, before
 * "you/we/I + verb", and, in unpunctuated speech, before a bare imperative that follows
 * the previous clause's object.
 */
export function splitClauses(sentence: Token[], options: { terse?: boolean; speech?: boolean } = {}): Clause[] {
  // (Whether it is speech is read on copies: dropping a filler moves its punctuation onto the words kept, and speech is read again.)
  const speech = options.speech ?? isSpeechLike(dropFillers(sentence.map((token) => ({ ...token }))));
  if (speech && !options.speech) return retagged(splitClauses(sentence, { ...options, speech: true }), options);
  const tokens = withoutSubjectAside(dropFillers(sentence));
  const cut: Cut = { tokens, options, speech, clauses: [], current: [], flags: { sequenced: false, before: false, continuesSubject: false }, depth: 0 };
  for (let index = 0; index < tokens.length; ) index = readWord(cut, index);
  flush(cut);
  return withWaitedForActions(withThatClausesJoined(withTimeLeading(cut.clauses.map((clause) => announcedJob(clause, sentence)))));
}

/**
 * "wait till it's below five degrees before you put the stock back": what is done once the wait is over, said
 * with "before", is the next instruction, not when the wait happens.
 */
function withWaitedForActions(clauses: Clause[]): Clause[] {
  return clauses.map((clause, index) => {
    const waited = clauses[index - 1]?.tokens;
    const [before, subject] = clause.tokens;
    const waits = waited && /^wait/.test(waited[0]?.norm ?? '') && waited.some((token) => ['till', 'until', 'for'].includes(token.norm));
    return waits && before?.norm === 'before' && ['you', 'we'].includes(subject?.norm ?? '') && actorVerbAt(clause.tokens, 1) !== null ? { ...clause, tokens: clause.tokens.slice(1), sequenced: true } : clause;
  });
}

/**
 * "checks that the heaters and the drying room are switched off": what is checked is one clause, however many
 * things it names; "…and that the board has been cleared" after it is checked too.
 */
function withThatClausesJoined(clauses: Clause[]): Clause[] {
  const joined: Clause[] = [];
  for (const clause of clauses) {
    const previous = joined[joined.length - 1];
    const checked = previous?.tokens.findIndex((token, index) => token.norm === 'that' && index > 0 && (checkingVerbs.has(previous.tokens[index - 1]!.norm) || previous.tokens[index - 1]!.norm === 'sure')) ?? -1;
    const unfinished = checked >= 0 && !previous!.tokens.slice(checked + 1).some((token) => isVerb(token) && !token.tags.has('Gerund'));
    if (previous && clause.conjoined && unfinished) {
      const [first, ...rest] = clause.tokens;
      joined[joined.length - 1] = { ...previous, tokens: [...previous.tokens, { ...first!, pre: `${first!.pre}and ` }, ...rest] };
    }
    // (A second "that" after a whole one is a second thing to check: the checking verb is meant again.)
    else if (previous && clause.conjoined && checked >= 0 && clause.tokens[0]?.norm === 'that') joined.push({ ...clause, conjoined: false, gapped: true });
    else joined.push(clause);
  }
  return joined;
}


/** ("at close you switch it to wash", "on arrival we sign them in": when, said first, leads the clause of who does what.) */
function withTimeLeading(clauses: Clause[]): Clause[] {
  const joined: Clause[] = [];
  clauses.forEach((clause, index) => {
    const previous = joined[joined.length - 1];
    const when = previous?.tokens;
    const leads =
      when && when.length >= 2 && when.length <= 3 && ['at', 'on'].includes(when[0]!.norm) && !/[,;:.!?]/.test(when[when.length - 1]!.post) &&
      !when.slice(1).some((token) => token.tags.has('Pronoun') || isSubject(token)) && !clause.joint && ['you', 'we'].includes(clause.tokens[0]?.norm ?? '') && index > 0;
    if (leads) joined[joined.length - 1] = { ...previous!, tokens: [...when, ...clause.tokens] };
    else joined.push(clause);
  });
  return joined;
}

/** "(the first job is) to hose down the press": after "is", "to" and a verb are the instruction, not its purpose. */
function announcedJob(clause: Clause, tokens: Token[]): Clause {
  const [to, verb] = clause.tokens;
  const at = to ? tokens.indexOf(to) : -1;
  return at > 0 && tokens[at - 1]!.norm === 'is' && to!.norm === 'to' && verb && (isBaseVerb(verb) || canBeVerb(verb.norm) || (isNoun(verb) && !verb.tags.has('Pronoun') && !determiners.has(verb.norm))) && clause.tokens.length >= 3 ? { ...clause, tokens: clause.tokens.slice(1) } : clause;
}

/** Reads the word at `index` into the clause being read, cutting the sentence before it where a new clause starts; the index to read on from. */
function readWord(cut: Cut, index: number): number {
  const { tokens } = cut;
  const token = tokens[index]!;
  const previous = tokens[index - 1];
  // ("…takes the fee, orders the badge, and records…": after the same person's verb list, its verb is there even if the tagger read a noun.)
  const started = cut.current.length > 0 && (hasVerb(cut.current) || (cut.current.length <= 8 && actorVerbAt(cut.current, 0) !== null) || Boolean((cut.flags.gapped || cut.flags.continuesSubject) && cut.current.length >= 2) || (cut.current.length >= 3 && passiveAt(cut.current, 0) !== null));
  // Nothing inside parentheses opens a clause: an aside stays whole, with the words it explains.
  cut.depth = Math.max(0, cut.depth + (`${previous?.post ?? ''}${token.pre}`.match(/\(/g)?.length ?? 0) - (previous?.post.match(/\)/g)?.length ?? 0));
  // Nor does the second half of a hyphenated word ("the all-clear").
  if (cut.depth > 0 || (previous && /^-$/.test(previous.post))) {
    cut.current.push(token);
    return index + 1;
  }
  const here: WordAt = { index, token, previous, started };
  const afterMarks = cutAtMarks(cut, here);
  if (afterMarks !== undefined) return afterMarks;
  cutBeforeInstruction(cut, here);
  // "the little brush we keep under the counter": no clause starts inside a noun's description.
  // ("before i touch anything i ask for id": after a clause that says when, with its own subject and verb, no relative clause.)
  const whenClauseDone = qualifyingClause(cut.current) && cut.current.length >= 3 && isSubject(cut.current[1]) && actorVerbAt(cut.current, 1) !== null;
  if (cut.current.length > 0 && reducedRelative(tokens, index) && !whenClauseDone) {
    cut.current.push(token);
    return index + 1;
  }
  // ("…to the first aid room, where a cold compress is applied": what is done there is a step of its own.)
  if (started && token.norm === 'where' && /,/.test(previous?.post ?? '') && passiveAt(tokens, index + 1) !== null) {
    flush(cut);
    return index + 1;
  }
  const after = cutAtSequence(cut, here) ?? cutAtJoin(cut, here) ?? cutAtNextAction(cut, here) ?? cutAtAnnouncement(cut, here);
  if (after !== undefined) return after;
  cutBeforeWord(cut, here, whenClauseDone);
  cut.current.push(token);
  return index + 1;
}

/**
 * In unpunctuated speech the tagger reads every word in the light of the run before it, and
 * takes verbs for nouns ("…the customer look for…"). Each clause found is tagged again as a
 * sentence of its own, where an instruction's verb opens it, and split again.
 */
function retagged(clauses: Clause[], options: { terse?: boolean }): Clause[] {
  return clauses.flatMap((clause) => {
    if (clause.tokens.length < 4) return [clause];
    const [sentence, ...more] = tagSentences(render(clause.tokens));
    if (!sentence || more.length > 0) return [clause];
    const parts = splitClauses(sentence, { ...options, speech: true });
    // A word left on its own ("…until it runs | clear") is no clause: the first reading stands.
    if (parts.some((part) => part.tokens.length < 2)) return [clause];
    return parts.map((part, index) => (index === 0 ? { ...clause, tokens: part.tokens } : part));
  });
}

/**
 * "A second approver, who must be a supervisor, reviews the entry": the aside between the
 * person and their verb says who they are, not what to do; the sentence is read without it.
 */
function withoutSubjectAside(tokens: Token[]): Token[] {
  const at = tokens.findIndex((token, index) => index > 0 && index <= 6 && token.norm === 'who' && /,/.test(tokens[index - 1]!.post));
  if (at < 0 || actorVerbAt(tokens.slice(0, at), 0) !== null) return tokens;
  const end = tokens.findIndex((token, index) => index > at && index <= at + 12 && /,/.test(token.post));
  const verb = tokens[end + 1];
  if (end < 0 || !verb || !(isThirdPersonVerb(verb) && (!isNoun(verb) || actsOnObject(tokens, end + 1)))) return tokens;
  const person = tokens.slice(0, at).map((token, index) => (index === at - 1 ? { ...token, post: ' ' } : token));
  return [...person, ...tokens.slice(end + 1)];
}

/** Unpunctuated running speech, as a recogniser writes it: long, no full stop at the end, hardly a comma. */
// (A long run of talk with a full stop at its end is still unpunctuated inside: "…you ring the bell and then once everyone's out you lock the door.")
const isSpeechLike = (tokens: Token[]) =>
  tokens.length > (/[.!?]/.test(tokens[tokens.length - 1]?.post ?? '') ? 24 : 14) && tokens.slice(0, -1).filter((token) => /[,;:.!?]/.test(token.post)).length <= tokens.length / 40;
