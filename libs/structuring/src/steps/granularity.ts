// How finely a description is cut: a piece too small to be a step an editor would tick off joins its neighbour.
import { asSentence, uncapitalise } from '../clauses/instruction';
import { determiners } from '../language/lexicon';
import { canBeVerb, isNoun, isVerb, tagSentences } from '../language/tokens';
import type { DraftStep } from './step-writer';
import { MAX_TITLE } from './titles';

interface Span {
  start: number;
  end: number;
}

/** Where each step's words stand in the text, found in order; null where they are not there as written (expanded shorthand). */
function locate(text: string, steps: DraftStep[]): (Span | null)[] {
  const lower = text.toLowerCase();
  let from = 0;
  return steps.map((step) => {
    const source = step.source.toLowerCase().trim();
    const start = source ? lower.indexOf(source.slice(0, 25), from) : -1;
    if (start < 0) return null;
    from = start + 1;
    return { start, end: Math.min(lower.length, start + source.length) };
  });
}

/**
 * Whether two steps were read from one sentence: nothing but a comma, a dash or a joining word
 * stands between them. A line, a full stop, a semicolon or "then" between them is the writer's own cut.
 */
function oneSentence(text: string, before: DraftStep, at: Span | null | undefined, after: Span | null | undefined): boolean {
  if (!at || !after || after.start < at.start) return false;
  const gap = `${/[.!?;]$/.test(before.source.trim()) ? '. ' : ''}${text.slice(Math.min(at.end, after.start), after.start)}`;
  return !/\n|[.!?](?:\s|$)|;|\b(?:then|after that|next)\b/i.test(gap) && gap.split(/\s+/).filter((word) => /\p{L}/u.test(word)).length <= 2;
}

const forbids = (step: DraftStep) => /\b(?:do not|don't|never)\b/i.test(step.title);

/** "Chuck it", "Label", "Reject bin": one or two words, no prohibition. */
const isPiece = (step: DraftStep) => step.title.trim().split(/\s+/).length <= 2 && !forbids(step);

/** "(Put the test key in) and turn it", "(Grind a few beans) and throw them away": a short action on what the step before it handled. */
const onIt = /^\S+(?:\s+(?:back|out|in|up|down|off|over|away|on))?\s+(?:it|them)\b/i;
// (Only where "it" was left as said: a title where it was read as the thing named is a step as the writer put it.)
const isFollowOn = (step: DraftStep) => step.title.trim().split(/\s+/).length <= 5 && onIt.test(step.title) && !forbids(step);

/** "Type them in", "Write that down", "Probe it": an action of three words or fewer on "it", "them" or "that". */
const isShortOnIt = (step: DraftStep) => {
  const words = step.title.trim().split(/\s+/);
  // ("Let it dry", "Have them sign": what the reader leaves or has done is a step of its own.)
  return words.length <= 3 && words.slice(1).some((word) => /^(?:it|them|that|those|this|these)$/i.test(word)) && !causative.test(words[0]!) && !forbids(step) && !/\b(?:if|unless|when)\b/i.test(step.title);
};
const causative = /^(?:let|have|make|get|help|watch|see)$/i;

/** "Open the drain cock…" then "Close it": undoing what the step before did is the next stage, a step of its own. */
const opposites: [string, string][] = [['open', 'close'], ['open', 'shut'], ['lock', 'unlock'], ['start', 'stop'], ['lift', 'lower'], ['raise', 'lower'], ['remove', 'replace'], ['remove', 'refit'], ['switch on', 'switch off'], ['turn on', 'turn off'], ['put on', 'take off'], ['fill', 'empty'], ['plug in', 'unplug']];
function undoes(step: DraftStep, before: DraftStep): boolean {
  // The verb, and the verb with its particle: "switch it off" is "switch" and "switch off".
  const actions = (title: string) => {
    const [verb, ...rest] = title.toLowerCase().split(/\s+/);
    const particle = rest.slice(0, 3).find((word) => ['on', 'off', 'in'].includes(word));
    return new Set([verb!, `${verb} ${particle}`]);
  };
  const done = actions(before.title);
  const doing = actions(step.title);
  return opposites.some(([one, other]) => (done.has(one) && doing.has(other)) || (done.has(other) && doing.has(one)));
}

/** Whether a line, a full stop or a semicolon stands between two steps' words: the writer cut there. */
const writersCut = (text: string, before: DraftStep, at: Span | null | undefined, after: Span | null | undefined) =>
  !at || !after || after.start < at.end || /[.!?;]\s*$/.test(before.source) || /\n|[.!?;](?:\s|$)/.test(text.slice(at.end, after.start));

function joined(first: DraftStep, second: DraftStep): DraftStep | null {
  // ("Do not process them if it reads above eight degrees" and "Flag them": joined, the prohibition would take in the action.)
  // ("Call 999 if not", "No card": an action joined after a case would be read as part of it.)
  if (forbids(first) || /\s(?:if|unless)\s/i.test(first.title) || /^(?:no|not|any|if|when)\b/i.test(first.title)) return null;
  // ("Look for" over "Q cells, capped brood pattern": a title left on a preposition goes on with the words after it.)
  const join = /\s(?:for|to|at|into|with|of|from)$/i.test(first.title) ? ' ' : /\sand\s/.test(first.title) ? ', and ' : ' and ';
  const title = `${first.title}${join}${uncapitalise(second.title)}`;
  if (title.length > MAX_TITLE) return null;
  return { title, details: [first.details, second.details].filter(Boolean).join(' '), source: `${first.source} ${second.source}` };
}

/**
 * "…draw off whatever mix is left into a jug and just chuck it", "- can >3/4 full -> cap, label, move
 * to solvent store": a piece of one or two words said in the same sentence as the step before it (or,
 * opening the sentence, the step after it) is part of that step, as editors write it.
 */
export function withPiecesJoined(text: string, steps: DraftStep[], talk = false): DraftStep[] {
  const spans = locate(text, steps);
  const kept: { step: DraftStep; span: Span | null }[] = [];
  let carried: { step: DraftStep; span: Span | null } | null = null;
  steps.forEach((original, index) => {
    let step = original;
    // (The span is always the last piece's: what follows is measured from its end.)
    const span = spans[index] ?? null;
    if (carried) {
      step = joined(carried.step, step) ?? step;
      if (step === original) kept.push(carried);
      carried = null;
    }
    const previous = kept[kept.length - 1];
    // (A follow-on finishes one action, not a list of them: "Tie the bag and label" stays as it is.)
    if ((isPiece(original) || (isFollowOn(original) && !/\sand\s/.test(previous?.step.title ?? ''))) && previous && oneSentence(text, previous.step, previous.span, span)) {
      const merged = joined(previous.step, step);
      if (merged) {
        previous.step = merged;
        previous.span = span;
        return;
      }
    }
    if (isPiece(original) && step === original && index + 1 < steps.length && oneSentence(text, step, span, spans[index + 1])) {
      carried = { step, span };
      return;
    }
    // ("…check the fuel gauge and the mileage then type them in", "look for eggs… write that down": three words or fewer
    // done to what the step before named finish that step, wherever the speaker paused; "check the wind… don't fly if
    // it's over twenty": in talk, what not to do on what a check finds is part of the check. Not where the writer cut,
    // after a step of two actions already, one done in a case only, or after a case jotted as "count = camera count".)
    const shortOnIt = isShortOnIt(original) && previous !== undefined && !/\sfirst$/.test(previous.step.title) && !undoes(original, previous.step);
    const forbidsOnCheck = talk && previous !== undefined && /^(?:do not|don't|never)\s.*\s(?:if|unless)\s/i.test(original.title) && /^(?:check|make sure|look at|test|inspect|read)\b/i.test(previous.step.title);
    if ((shortOnIt || forbidsOnCheck) && step === original && previous && !writersCut(text, previous.step, previous.span, span) && !/[=→<>]|\s(?:and|if|unless|when)\s/.test(previous.step.title)) {
      // (After an aside, "…the gastros, the 65 mil ones and probe it" would read as part of it: a follow-on goes to the details.)
      const merged = /[,:;]/.test(previous.step.title) ? null : joined(previous.step, step);
      if (merged || shortOnIt) {
        if (merged) previous.step = merged;
        else {
          previous.step.details = [previous.step.details, asSentence(step.title), step.details].filter(Boolean).join(' ');
          previous.step.source = `${previous.step.source} ${step.source}`;
        }
        previous.span = span ?? previous.span;
        return;
      }
    }
    kept.push({ step, span });
  });
  if (carried) kept.push(carried);
  return kept.map((entry) => entry.step);
}

/** "F10 1:100, refresh every AM)": a title read from inside an aside loses the parenthesis it never opened. */
export function withAsidesClosed(steps: DraftStep[]): DraftStep[] {
  return steps.map((step) => (/\)/.test(step.title) && !/\(/.test(step.title) ? { ...step, title: step.title.replace(/\)/g, '').replace(/\s+([.,;:])/g, '$1').replace(/[\s.]+$/, '').trim() } : step));
}

/**
 * "Reminders are auto", "Collections are Weds": a title that opens with a thing and says what it
 * is, with no instruction in it, tells the reader something about the step before it.
 */
export function withStatementsAsDetails(steps: DraftStep[]): DraftStep[] {
  const kept: DraftStep[] = [];
  for (const step of steps) {
    const previous = kept[kept.length - 1];
    const [first, ...rest] = tagSentences(step.title)[0] ?? [];
    const copula = rest.slice(0, 3).findIndex((token) => ['is', 'are'].includes(token.norm) && Boolean(token.text));
    const says = first && copula >= 0 && isNoun(first) && !isVerb(first) && !canBeVerb(first.norm) && !/\b(?:if|unless|when)\b/i.test(step.title) && rest.slice(0, copula).every((token) => isNoun(token) || token.tags.has('Adjective') || determiners.has(token.norm));
    if (says && previous) {
      previous.details = [previous.details, /[.!?]$/.test(step.title) ? step.title : `${step.title}.`, step.details].filter(Boolean).join(' ');
      continue;
    }
    kept.push(step);
  }
  return kept;
}
