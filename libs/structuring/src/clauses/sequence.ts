// Sequence words ("then", "first thing"), announcements ("the next thing is") and "before that": what starts the next step.
import { commonActionVerbs, determiners, sequencePhrases, stateVerbs, stativeVerbs, subjectPronouns } from '../language/lexicon';
import { canBeVerb, endsClause, isBaseVerb, isNoun, isNounWord, isVerb, type Token } from '../language/tokens';
import { actionStartsAt, actorVerbAt, statementStartsAt } from './actors';
import { bareImperativeAt, someOfUsActAt } from './clause-starts';
import { thingClauseAt } from './passives';
import { subordinatorAt, timeThenAction, timeThenSubject } from './qualifiers';
import { isRole, isSubject, isThirdPersonVerb, longestPhraseAt, modals, particles } from './words';

/** A sequence word used as one here (not "the next page", "right-click"): its length. */
export function sequenceAt(tokens: Token[], at: number): number {
  // ("first thing you drop your crew off…": "first thing" opens the instruction itself; "the first thing you do is" announces it.)
  // ("first thing ask the caller how high up", "that's the first thing yard them up": or with a bare verb.)
  // ("and then last thing, log the bags": so with the last or the next thing.)
  const firstThing = ['first', 'next', 'last', 'final'].includes(tokens[at]?.norm ?? '') && tokens[at + 1]?.norm === 'thing';
  const verbAt = !firstThing ? null : isSubject(tokens[at + 2]) ? actorVerbAt(tokens, at + 2) : tokens[at + 2] && bareImperativeAt(tokens, at + 2) ? at + 2 : null;
  if (verbAt !== null && verbAt <= at + 3 && !['do', 'does', 'want', 'wanna', 'have', 'need', 'got', 'gotta', 'should', 'must', 'is'].includes(tokens[verbAt]!.norm)) return 2;
  const length = longestPhraseAt(tokens, at, sequencePhrases);
  if (!length) return 0;
  const previous = tokens[at - 1];
  const after = at + length;
  // "we then send…", "you should also call…": inside the clause, after its subject or auxiliary.
  // "the clerk then calls…": after a person named as the subject, before their verb, too.
  // ("The sparks then run power…": a plural subject opening the sentence, then its verb.)
  const afterActor = previous && (isRole(previous) || previous.tags.has('Actor') || (at === 2 && previous.tags.has('Plural') && tokens[0]?.norm === 'the' && isBaseVerb(tokens[after]))) && (isThirdPersonVerb(tokens[after]) || (previous.tags.has('Plural') && isBaseVerb(tokens[after])));
  if (previous && ['then', 'also', 'next', 'now', 'finally', 'first'].includes(tokens[at]!.norm) && length === 1 && !endsClause(previous) && (subjectPronouns.has(previous.norm) || modals.has(previous.norm) || afterActor)) return 0;
  // ("check the log for which one is next you put the key in": after "is", "next" says which one.)
  if (previous && ['next', 'last', 'first'].includes(tokens[at]!.norm) && length === 1 && !endsClause(previous) && ['is', 's', 'are', 'was'].includes(previous.norm)) return 0;
  // "by then", "the next page" are not sequence words; "put them through then you…" is.
  const particleThenSubject = previous && particles.has(previous.norm) && (isSubject(tokens[after]) || isBaseVerb(tokens[after]) || actorVerbAt(tokens, after) !== null);
  // ("forget that then spin it", "for this then clean it": a pronoun object, then the sequence word.)
  const pronounObject = previous && ['that', 'this', 'it'].includes(previous.norm) && (isVerb(tokens[at - 2]) || tokens[at - 2]?.tags.has('Preposition')) && (isBaseVerb(tokens[after]) || isSubject(tokens[after]));
  if (previous && (determiners.has(previous.norm) || previous.tags.has('Preposition')) && !endsClause(previous) && !particleThenSubject && !pronounObject) return 0;
  // ("and if so we rebook": "if so" is the condition.)
  if (tokens[at]!.norm === 'so' && previous?.norm === 'if') return 0;
  // ("post first aider names": "first" before a role names the role.)
  if (tokens[at]!.norm === 'first' && length === 1 && isRole(tokens[after]) && !endsClause(tokens[at])) return 0;
  if (tokens[at]!.norm === 'so' && length === 1 && tokens.slice(after, after + 5).some((token) => ['can', 'could', 'will', 'would', 'wont', 'doesnt', 'dont', 'isnt'].includes(token.norm))) return 0;
  // ("wipe the plate with oil so they don't rust": what a subject then does not do is the purpose; "so don't forget" instructs.)
  // ("…a red dot so nobody loads the wrong wardrobe": likewise.)
  if (tokens[at]!.norm === 'so' && length === 1 && ((isSubject(tokens[after]) && tokens.slice(after + 1, after + 4).some((token) => token.norm === 'not')) || ['nobody', 'noone', 'nothing', 'no-one'].includes(tokens[after]?.norm ?? ''))) return 0;
  if (['right', 'left', 'double'].includes(tokens[at]!.norm) && /^click/.test(tokens[at + 1]?.norm ?? '')) return 0;
  // ("if anything's not right you tag it", "it looks right": after "not" or a state verb, "right" is how a thing is.)
  if (tokens[at]!.norm === 'right' && previous && !endsClause(previous) && (['not', 's', 'all', 'just', 'quite'].includes(previous.norm) || stateVerbs.has(previous.norm))) return 0;
  // "to start the engine, turn the key": a purpose with its object, not "to start (with)".
  if (tokens[at]!.norm === 'to' && ['start', 'begin'].includes(tokens[after - 1]!.norm) && !endsClause(tokens[after - 1]) && tokens[after] && (determiners.has(tokens[after]!.norm) || tokens[after]!.tags.has('Possessive'))) return 0;
  // ("…under the seats. then mats out.": "then" opening a sentence sequences whatever follows it.)
  if (at === 0 && ['then', 'finally'].includes(tokens[0]!.norm) && length === 1 && after < tokens.length) return length;
  // ("before anything you walk round the tree", but "turn on the fans before anything else, that's a safety thing": only before an instruction.)
  if (tokens[at]!.norm === 'before') return actionStartsAt(tokens, after) || (isSubject(tokens[after]) && actorVerbAt(tokens, after) !== null) ? length : 0;
  // ("work through the queue oldest first": a sequence word that closes the sentence says when, it starts nothing.)
  if (after >= tokens.length) return length === 1 && previous && !endsClause(previous) ? 0 : length;
  // "when it's all done", "once that is finished": a long phrase says the step before is over, whatever follows.
  if (endsClause(tokens[after - 1]) || length >= 4) return length;
  // "…and then the brakes": a step that names only its object, after "and then" / "after that".
  if (length >= 2 && determiners.has(tokens[after]!.norm) && isNoun(tokens[after + 1])) return length;
  // ("…on all the fermenters first look at the display": after a sequence word, a word that can be a verb, before a
  // preposition or an article, is one, whatever the tagger made of "first look".)
  const verbAfter = length === 1 && canBeVerb(tokens[after]!.norm) && isNounWord(tokens[after]!.norm) && !tokens[after]!.tags.has('Plural') && Boolean(tokens[after + 1] && (determiners.has(tokens[after + 1]!.norm) || (tokens[after + 1]!.tags.has('Preposition') && !['of'].includes(tokens[after + 1]!.norm))));
  // ("next a fresh bib goes down on the tray": where a thing goes is what to do with it.)
  return verbAfter || actionStartsAt(tokens, after) || (tokens[at]!.norm === 'then' && namedStepAt(tokens, after)) || spokenTopic(tokens.slice(after)) || subordinatorAt(tokens, after) || sequenceAt(tokens, after) || isSubject(tokens[after]) || someOfUsActAt(tokens, after) || statementStartsAt(tokens, after) || timeThenAction(tokens, after) || timeThenSubject(tokens, after) || thingClauseAt(tokens, after)?.kind === 'motion' ? length : 0;
}

/** "…then PPE chaps helmet visor gloves then…": things named with no verb up to the next "then" are a step said as a note. */
function namedStepAt(tokens: Token[], at: number): boolean {
  const first = tokens[at];
  if (!first || first.tags.has('Pronoun') || isSubject(first) || !(isNoun(first) || first.tags.has('Acronym')) || isVerb(first)) return false;
  let end = at;
  while (end < tokens.length && tokens[end]!.norm !== 'then' && end - at < 14) end++;
  const named = tokens.slice(at, end);
  return named.length >= 3 && named.every((token) => (isNoun(token) && !isVerb(token)) || token.tags.has('Acronym') || token.tags.has('Adjective') || ['and', 'or', 'no', 'even', 'for', 'a', 'the', 'one'].includes(token.norm));
}

/** "props (check each prop)", "batteries (make sure…)": a bare plural thing before an instruction with its object. */
export function spokenTopic(said: Token[]): boolean {
  // ("…then the forks make sure they're not bent": with its article too.)
  const tokens = ['the', 'your', 'our'].includes(said[0]?.norm ?? '') ? said.slice(1) : said;
  const [thing, verb, next] = tokens;
  if (!thing || !verb || !next || !thing.tags.has('Plural') || !isNoun(thing) || thing.tags.has('Actor') || thing.tags.has('Person') || isRole(thing) || /[,;:]/.test(thing.post)) return false;
  if (verb.norm === 'make' && next.norm === 'sure') return true;
  return isBaseVerb(verb) && commonActionVerbs.has(verb.norm) && !stativeVerbs.has(verb.norm) && !stateVerbs.has(verb.norm) && (determiners.has(next.norm) || next.tags.has('Possessive') || ['it', 'them'].includes(next.norm));
}

/** "before that", "but before you do that": the step goes before the one just said. */
export const beforePhrases = [
  ['but', 'before', 'that'],
  ['but', 'before', 'you', 'do', 'that'],
  ['before', 'you', 'do', 'that'],
  ['before', 'doing', 'that'],
  ['before', 'that'],
  ['before', 'this'],
  // ("before any of that make sure you've wiped the counter")
  ['before', 'any', 'of', 'that'],
  ['before', 'all', 'that'],
  ['before', 'all', 'of', 'that'],
  ['before', 'anything', 'else'],
  ['prior', 'to', 'that'],
  ['but', 'first'],
];

/** Mid-sentence openers that announce the next step ("…the first thing is you sign in"). */
export const midAnnouncements = [
  ['the', 'way', 'it', 'works', 'is'],
  ['how', 'it', 'works', 'is'],
  ['the', 'way', 'we', 'do', 'it', 'is'],
  ['the', 'process', 'is'],
  ['the', '*', 'thing', 'is'],
  ['the', '*', 'thing', 'you', 'do', 'is'],
  ['the', '*', 'thing', 'to', 'do', 'is'],
  ['the', '*', 'step', 'is'],
  // ("…so first thing you do is put on an apron": said without its article.)
  ['first', 'thing', 'is'],
  ['first', 'thing', '*', 'do', 'is'],
  ['first', 'thing', 'to', 'do', 'is'],
  ['what', 'you', 'do', 'is'],
  ['what', 'we', 'do', 'is'],
  ['what', 'i', 'do', 'is'],
  // "here's what I do", "this is what you do": the steps follow.
  ['here', 'is', 'what', '*', 'do'],
  ['this', 'is', 'what', '*', 'do'],
  ['here', 'is', 'how', '*', 'do', 'it'],
];

/**
 * "(the) first thing you wanna do is", "the next thing we have to do is", "the main thing is":
 * an announcement of the next step however it is padded; its length, or 0.
 */
export function thingToDoAt(tokens: Token[], at: number): number {
  let index = at;
  if (tokens[index]?.norm === 'the') index++;
  if (tokens[index]?.norm === 'very') index++;
  if (['first', 'next', 'last', 'main', 'other', 'second', 'third', 'final', 'only'].includes(tokens[index]?.norm ?? '')) index++;
  else return 0;
  // ("the first job is to clear the silt": a job, a task or a step is announced as a thing is.)
  if (!['thing', 'job', 'task', 'step'].includes(tokens[index]?.norm ?? '')) return 0;
  index++;
  // "the first thing when I get to a house is…": a short when-clause inside the announcement
  // (or whose job it is: "the first job for whoever opens up is…").
  if (['when', 'once', 'after', 'for'].includes(tokens[index]?.norm ?? '')) {
    const is = tokens.slice(index + 1, index + 9).findIndex((token) => token.norm === 'is');
    if (is >= 0) return index + 1 + is + 1 - at;
  }
  if (['you', 'we', 'i'].includes(tokens[index]?.norm ?? '')) {
    index++;
    let padding = 0;
    while (padding < 4 && ['want', 'wanna', 'to', 'need', 'have', 'got', 'gotta', 'should', 'will', 'must', 'can', 'ought', 'gonna', 'going'].includes(tokens[index]?.norm ?? '')) {
      index++;
      padding++;
    }
    if (tokens[index]?.norm !== 'do') return 0;
    index++;
  }
  return tokens[index]?.norm === 'is' ? index + 1 - at : 0;
}
