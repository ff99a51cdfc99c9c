// Fillers, stutters and false starts of speech, dropped.
import { determiners, fillerPhrases, fillerWords, sequencePhrases } from '../language/lexicon';
import { canBeVerb, endsClause, isBaseVerb, isNoun, isVerb, type Token } from '../language/tokens';
import { isSubject, isThirdPersonVerb, longestPhraseAt } from './words';

/** Removes fillers, stutters ("the the") and false starts ("click on no sorry double-click…"). */
export function dropFillers(tokens: Token[]): Token[] {
  const kept: Token[] = [];
  let clauseStart = 0;
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    const previous = kept[kept.length - 1];
    // ("you taste it- well someone tastes it": a word cut off with a dash, then "well", starts the clause again.)
    const cutOff = previous && /-\s*$/.test(previous.post) && !/-\s*$/.test(previous.text) && token.norm === 'well' ? 1 : 0;
    let correction = longestPhraseAt(tokens, index, corrections) || cutOff;
    // ("no wait sorry", "well actually no scratch that": corrections said one after another are one.)
    while (correction && longestPhraseAt(tokens, index + correction, corrections)) correction += longestPhraseAt(tokens, index + correction, corrections);
    // ("you first- actually no, even before…": a word cut off with a dash ends no clause; the correction takes back its clause.)
    if (correction && kept.length === clauseStart && previous && /^-\s*$/.test(previous.post)) {
      clauseStart = kept.slice(0, -1).findLastIndex((word) => endsClause(word)) + 1;
      previous.post = ' ';
    }
    // ("you put the stub in the shoe, no wait, first…", "the steerer keeps the boat, no wait, going down…":
    // after a comma, the correction takes back the clause the comma ended, all of it when short.)
    // (A lone "sorry" there is an apology: "you start again, sorry, you just have to".)
    const afterComma = Boolean(correction && !(correction === 1 && token.norm === 'sorry') && kept.length === clauseStart && previous && /^,\s*$/.test(previous.post) && tokens[index + correction]);
    if (afterComma) clauseStart = kept.slice(0, -1).findLastIndex((word) => endsClause(word) || /[.!?]/.test(word.post)) + 1;
    if (correction && kept.length > clauseStart) {
      // "click on no sorry double click on…": the words since the corrected verb go.
      // (After a comma the whole clause may be taken back, but not past a condition it follows:
      // "bin the bedding if it's soiled if it's clean it can stay, well actually no…".)
      const lastCondition = kept.findLastIndex((word, at) => at >= clauseStart && ['if', 'when', 'unless', 'once'].includes(word.norm));
      const from = Math.max(clauseStart, kept.length - (afterComma ? 10 : 6), afterComma ? lastCondition : -1);
      let restart = afterComma && kept.length - clauseStart <= 6 ? clauseStart : -1;
      // ("explain the fuel it goes back full to full no sorry…": "it" doing something starts what is taken back.)
      // ("one of us stands at the top and checks tickets well actually no…": a verb after "and" starts its own clause.)
      const opensClause = (at: number) => isBaseVerb(kept[at]) || isSubject(kept[at]) || (kept[at]!.norm === 'it' && isVerb(kept[at + 1])) || (isVerb(kept[at]) && kept[at - 1]?.norm === 'and');
      for (let at = kept.length - 1; at >= from; at--) if (opensClause(at)) restart = at;
      // ("you check the mar chart against their photo no wait sorry": a longer clause is taken back from its verb.)
      // (Not when only a thing is said instead: "you soak the baskets and the handles no wait just the baskets".)
      const said = tokens[index + correction];
      const clauseSaid = isSubject(said) || isBaseVerb(said) || ['it', 'that', 'there', 'this'].includes(said?.norm ?? '');
      if (restart < 0 && !afterComma && clauseSaid) for (let at = from - 1; at >= Math.max(clauseStart, kept.length - 10) && restart < 0; at--) if (opensClause(at)) restart = at;
      // ("divide it at nine fifty grams no sorry nine hundred": an amount said again replaces the amount.)
      const amountAt = tokens[index + correction]?.tags.has('Value') ? kept.findLastIndex((word, at) => at >= Math.max(clauseStart, kept.length - 3) && word.tags.has('Value')) : -1;
      if (amountAt >= 0) restart = kept.findLastIndex((word, at) => at <= amountAt && !word.tags.has('Value')) + 1;
      // ("put it in the red bin no sorry the blue bin", "the portables as well actually no scratch that the portables get done…":
      // a thing named again replaces what was said of it, from its article on.)
      const againAt = thingSaidAgainAt(kept, Math.max(clauseStart, kept.length - 6), tokens, index + correction);
      if (againAt >= 0 && amountAt < 0) restart = againAt;
      // ("and you put the stub in the shoe, no wait": the verb's subject goes with it.)
      while (restart > clauseStart && isSubject(kept[restart - 1])) restart--;
      if (restart >= 0) kept.splice(restart);
      // ("ring them when you're close actually no pull over…": the condition left hanging goes too.)
      while (kept.length > clauseStart && ['when', 'if', 'once', 'before', 'after', 'while', 'and', 'then'].includes(kept[kept.length - 1]!.norm)) kept.pop();
      const kept0 = kept[kept.length - 1];
      // (After a comma, what was said instead is a clause of its own: "…if it's soiled, well actually no all bedding goes…".)
      // ("…and checks tickets well actually no the booth already does tickets": a thing doing something is said instead, a clause of its own.)
      const saidInstead = afterComma || thingDoesAt(tokens, index + correction);
      if (kept0 && kept.length > clauseStart && (saidInstead || isBaseVerb(tokens[index + correction]) || canBeVerb(tokens[index + correction]?.norm ?? '')) && !/[,;:.!?]/.test(kept0.post)) kept0.post = saidInstead ? '; ' : `,${kept0.post}`;
      index += correction - 1;
      continue;
    }
    const stranded = strandedModal(tokens, index);
    if (stranded) {
      carryPunctuation(tokens[index + stranded - 1]!, previous);
      index += stranded - 1;
      continue;
    }
    const filler = longestPhraseAt(tokens, index, fillerPhrases);
    // "post what you know", "everything you know": not a filler there.
    // "unless you know them", "if you mean the red one": a verb with its object is not a filler.
    const objectAfter = filler === 2 && token.norm === 'you' && Boolean(tokens[index + 2] && (tokens[index + 2]!.tags.has('Pronoun') || determiners.has(tokens[index + 2]!.norm)) && !endsClause(tokens[index + 1]));
    const content = filler && ((token.norm === 'you' && ['what', 'that', 'which', 'everything', 'anything', 'all', 'as', 'if', 'unless', 'when'].includes(previous?.norm ?? '')) || objectAfter);
    if (filler && !content) {
      carryPunctuation(tokens[index + filler - 1]!, previous);
      // "…it's happened believe me turn the gas on": said to the listener between two clauses, it marks where one ends.
      if (previous && ['bear', 'trust', 'believe'].includes(token.norm) && !/[,;:.!?]/.test(previous.post)) previous.post = `,${previous.post}`;
      // ("…inside the piano and that's me done the cup of tea is optional": the speaker has finished what they were saying.)
      if (tokens[index + filler - 1]!.norm === 'done') {
        if (kept[kept.length - 1]?.norm === 'and') kept.pop();
        const end = kept[kept.length - 1];
        if (end && !/[.!?;]/.test(end.post)) end.post = '; ';
        clauseStart = kept.length;
      }
      index += filler - 1;
      continue;
    }
    const atClauseStart = !previous || endsClause(previous) || kept.length === clauseStart;
    const isFiller =
      fillerWords.has(token.norm) &&
      // ("500 mm", "12 m": after a number it is a unit; "record mm on the sheet": after a verb, what is recorded.)
      !(['mm', 'm'].includes(token.norm) && (previous?.tags.has('Value') || (token.norm === 'mm' && isVerb(previous)))) &&
      // ("chalk "OK" on the door": a quoted word is what to write or press.)
      !/["“‘]/.test(token.pre) &&
      // "click OK", "select Yes": after a verb it is what to press.
      // Sounds ("oh", "um") are never words; "OK", "yes", "right" after a verb are what to press or say.
      (['um', 'umm', 'uh', 'uhh', 'uhm', 'erm', 'er', 'hmm', 'mm', 'ah', 'eh', 'oh'].includes(token.norm) || !(previous && isVerb(previous)) || (token.norm === 'well' && endsClause(previous))) &&
      // ("the portables as well": after "as" it means "too".)
      !(token.norm === 'well' && previous?.norm === 'as') &&
      // ("the first well", "each well": after a determiner or an ordinal it is a noun.)
      // (But "…even if there's a boat coming, well unless…": after a comma it opens what is said.)
      !(token.norm === 'well' && previous && !endsClause(previous) && (determiners.has(previous.norm) || previous.tags.has('Ordinal') || previous.tags.has('Adjective'))) &&
      // ("dump it downhill, well away from the outfall": "well" before how far says how far.)
      !(token.norm === 'well' && farWords.has(tokens[index + 1]?.norm ?? '')) &&
      // ("wait for OK", "if yes, tell them to call 999": after "for" or "if", "OK" or "yes" is what is waited for or the answer.)
      !(['ok', 'okay', 'yes', 'yeah'].includes(token.norm) && ['for', 'if', 'till', 'until', 'says', 'say'].includes(previous?.norm ?? '')) &&
      (!['like', 'well', 'yes', 'right'].includes(token.norm) || atClauseStart || token.tags.has('Expression') || (token.norm === 'well' && isSubject(previous) && isVerb(tokens[index + 1])));
    // ("Test run: run the lift" repeats a word across a colon on purpose.)
    // ("staple it every, uh, every 15 cm": a small word said again after a pause is a stutter too.)
    // ("if there's debris on it it goes back in": a pronoun ending one clause and opening the next is said twice on purpose.)
    const pronounTwice = ['it', 'them', 'that'].includes(token.norm) && Boolean(tokens[index - 2]?.tags.has('Preposition') || isVerb(tokens[index - 2])) && isVerb(tokens[index + 1]);
    const stutter =
      previous && previous.norm === token.norm && token.norm.length > 0 && !token.tags.has('Value') && !pronounTwice && (!/[:;,.–—-]/.test(previous.post + token.pre) || (/^,\s*$/.test(previous.post) && stutterWords.has(token.norm)));
    // ("every 15 cm or so round the edge", "a minute or so after that": a hedge after an amount.)
    const orSo = token.norm === 'or' && tokens[index + 1]?.norm === 'so' && tokens[index + 2]?.norm !== 'that' && Boolean(previous && (previous.tags.has('Value') || isNoun(previous)) && !endsClause(previous));
    if (orSo) {
      carryPunctuation(tokens[index + 1]!, previous);
      index++;
      continue;
    }
    // "wait like a minute", "about like thirty seconds": a hedge before an amount.
    const hedge = token.norm === 'like' && Boolean(previous && (isVerb(previous) || canBeVerb(previous.norm) || ['for', 'about', 'around', 'after', 'before', 'within', 'until', 'in'].includes(previous.norm))) && Boolean(tokens[index + 1]?.tags.has('Value') || (['a', 'an'].includes(tokens[index + 1]?.norm ?? '') && /^(?:minute|second|couple|few|bit|hour|day|week|half|quarter)s?$/.test(tokens[index + 2]?.norm ?? '')));
    // ("right listen, anything we cook…", "look, the fuse has gone": asking to be heard, before a comma, opening what is said.)
    const attention = ['listen', 'look'].includes(token.norm) && kept.every((word) => ['right', 'so', 'okay', 'ok', 'now', 'and'].includes(word.norm)) && /^,/.test(token.post.trim()) && !['and', 'then', 'for', 'to'].includes(tokens[index + 1]?.norm ?? '');
    if (stutter && /,/.test(previous.post)) previous.post = ' ';
    if (isFiller || stutter || hedge || attention) {
      carryPunctuation(token, previous);
      continue;
    }
    if (!token.text && !token.norm) continue;
    kept.push(token);
    if (endsClause(token) || longestPhraseAt(tokens, index, sequencePhrases)) clauseStart = kept.length;
  }
  return kept;
}

/**
 * "…you start again, you just have to.", "…and we need to": a must whose verb is left unsaid only
 * insists on what was said before it. Returns how many words it takes, 0 if none.
 */
function strandedModal(tokens: Token[], index: number): number {
  if (!['you', 'we', 'i'].includes(tokens[index]!.norm) || endsClause(tokens[index])) return 0;
  let at = index + 1;
  while (['just', 'really', 'simply'].includes(tokens[at]?.norm ?? '')) at++;
  if (tokens[at]?.norm === 'have' && tokens[at + 1]?.norm === 'got') at++;
  if (!['have', 'need', 'got'].includes(tokens[at]?.norm ?? '') || tokens[at + 1]?.norm !== 'to') return 0;
  const to = at + 1;
  return to === tokens.length - 1 || /[,;:.!?]/.test(tokens[to]!.post) ? to - index + 1 : 0;
}

/** "the booth already does tickets", "the system adds it": a thing named, then what it does. */
function thingDoesAt(tokens: Token[], at: number): boolean {
  if (!['the', 'a', 'an', 'our', 'your', 'their', 'this', 'that'].includes(tokens[at]?.norm ?? '')) return false;
  let index = at + 1;
  while (index < at + 4 && tokens[index] && (isNoun(tokens[index]) || tokens[index]!.tags.has('Adjective')) && !endsClause(tokens[index - 1])) index++;
  while (tokens[index]?.tags.has('Adverb')) index++;
  // ("the portables get done in the bag check": things, then what is done with them.)
  const pluralDoes = tokens[index - 1]?.tags.has('Plural') && isVerb(tokens[index]) && !tokens[index]!.tags.has('Gerund') && !tokens[index]!.tags.has('PastTense');
  return index > at + 1 && (isThirdPersonVerb(tokens[index]) || Boolean(pluralDoes)) && !endsClause(tokens[index - 1]);
}

/** A dropped word's full stop or comma stays with the word before it. */
function carryPunctuation(dropped: Token, previous: Token | undefined) {
  if (previous && /[.!?;,]/.test(dropped.post) && !/[.!?;,]/.test(previous.post)) previous.post = dropped.post.trim() + ' ';
}

const farWords = new Set(['away', 'clear', 'above', 'below', 'before', 'after', 'ahead', 'over', 'under', 'within', 'back', 'past', 'beyond', 'behind', 'out', 'inside', 'outside']);

const stutterWords = new Set(['the', 'a', 'an', 'your', 'our', 'their', 'every', 'each', 'to', 'in', 'on', 'at', 'for', 'with', 'from', 'into', 'onto', 'about', 'and', 'then']);

/** Where the thing named after a correction (its article on) was named in the last words kept, or -1. */
function thingSaidAgainAt(kept: Token[], from: number, tokens: Token[], at: number): number {
  if (!determiners.has(tokens[at]?.norm ?? '')) return -1;
  let head = at;
  while (head < tokens.length && head - at < 3 && (determiners.has(tokens[head]!.norm) || tokens[head]!.tags.has('Adjective'))) head++;
  const thing = tokens[head];
  if (!thing || !isNoun(thing) || thing.tags.has('Pronoun') || head === at) return -1;
  const namedAt = kept.findLastIndex((word, index) => index >= from && word.norm === thing.norm);
  if (namedAt < 0) return -1;
  let start = namedAt;
  while (start > from && (determiners.has(kept[start - 1]!.norm) || kept[start - 1]!.tags.has('Adjective'))) start--;
  // ("…and do the grease trap no wait sorry the grease trap is the morning crew's job": a verb's object goes with its verb.)
  return isVerb(kept[start - 1]) ? -1 : start;
}

const corrections = [['no', 'sorry'], ['sorry'], ['no', 'wait'], ['wait', 'no'], ['or', 'rather'], ['actually', 'no'], ['no', 'actually'], ['scratch', 'that'], ['no', 'scratch', 'that'], ['actually', 'no', 'scratch', 'that'], ['well', 'actually', 'no'], ['well', 'no', 'actually']];
