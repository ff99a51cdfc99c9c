// Reading a clause: an instruction in the imperative, a condition or trigger of one, or a statement; and sentence case.
import { announcements, auxiliaryWords, commonActionVerbs, doneWhen, stativeVerbs, conditionStarts, determiners, triggerStarts, explanationPhrases, faultWords, roleNouns, stateVerbs, subjectPronouns, timeWords } from '../language/lexicon';
import { canBeVerb, endsClause, isBaseVerb, isBaseVerbInLexicon, isDoneBySomeone, isNoun, isNounWord, isTradeVerb, isVerb, nounsUsedAsVerbs, render, toInfinitive, unknownVerbBeforeObject, type Token } from '../language/tokens';
import { actorVerbAt, leadingPlace } from './actors';
import { peopleOf } from './clause-starts';
import { motionAdverbs, needsDoing, passiveAt, stateParticiples, thingClauseAt, wayAdverbs } from './passives';
import { saysWhen, subordinatorAt } from './qualifiers';
import { spokenTopic, thingToDoAt } from './sequence';
import { couldBeMistaggedVerb, isRole, isThirdPersonVerb, longestPhraseAt, looksSomewhere, outsideAsides, particles } from './words';

/** What a clause says: an instruction, the condition or trigger of one, or a statement. */
export type Reading =
  | { kind: 'action'; title: string; details: string; source: string }
  | { kind: 'condition'; text: string }
  | { kind: 'trigger'; text: string }
  | { kind: 'statement'; text: string };

/** Verbs that, after "I" or "we", talk about the explanation itself ("I'll walk you through…"). */
const talkVerbs = new Set(['show', 'walk', 'explain', 'tell', 'talk', 'describe', 'cover', 'run', 'go', 'take', 'demonstrate', 'teach', 'restate', 'remind', 'outline', 'clarify', 'recap', 'summarise', 'summarize', 'share']);
/** Verbs that, after "you", say what happens rather than what to do ("you'll see a message"). */
const resultVerbs = new Set(['see', 'notice', 'hear', 'receive', 'end', 'feel']);
const negations = new Set(['not', 'never']);

/** A sentence's first letter in capitals, unless its word is written with a small one ("pH", "iPad"). */
export const capitalise = (text: string) => (/^\p{Ll}\p{Lu}/u.test(text) ? text : text.charAt(0).toUpperCase() + text.slice(1));
/** Text to go on after other words: its capital dropped, unless the word is written that way ("D-rings", "PPE"). */
export const uncapitalise = (text: string) => (/^\p{Lu}[\p{Lu}\d-]/u.test(text) ? text : text.charAt(0).toLowerCase() + text.slice(1));
export const asSentence = (text: string) => {
  const sentence = capitalise(text.trim().replace(/^[\s,;:–—-]+|[\s,;:–—-]+$/g, ''));
  return !sentence || /[.!?…)"']$/.test(sentence) ? sentence : `${sentence}.`;
};
const leadingJoins = new Set(['and', 'but', 'or', 'so', 'plus', 'then']);

/** "anything over $200 needs a supervisor's override code" → "Get a supervisor's override code for anything over $200"; null otherwise. */
function neededThing(said: Token[]): { title: string; details: string } | null {
  // ("Anything involving money, such as a refund or a discount, needs…": examples of the thing, between commas, are its details.)
  const { kept: tokens, example } = withoutExample(said);
  const at = tokens.findIndex((token, index) => index > 0 && index <= 6 && ['need', 'needs', 'require', 'requires'].includes(token.norm));
  if (at < 0 || tokens[at + 1]?.norm === 'to' || tokens[at + 1]?.tags.has('Gerund')) return null;
  const subject = tokens.slice(0, at);
  const object = tokens.slice(at + 1);
  // (Only a thing or a case, "anything over $200", needs; and only a thing is needed, said plainly.)
  const plain = (token: Token) => isNoun(token) || determiners.has(token.norm) || token.tags.has('Adjective') || token.tags.has('Value') || token.tags.has('Possessive') || ['anything', 'everything', 'over', 'above', 'under', 'below', 'with', 'of', 'for', 'and', 'or'].includes(token.norm);
  // ("anything involving money", "orders costing over £500": a thing said by what it involves.)
  const saysWhich = (token: Token, index: number) => index > 0 && ['involving', 'costing', 'including', 'containing', 'affecting'].includes(token.norm);
  if (!subject.every((token, index) => plain(token) || saysWhich(token, index)) || subject.some((token) => token.tags.has('Pronoun') && !['anything', 'everything'].includes(token.norm)) || /[,;:]/.test(render(subject))) return null;
  if (object.length === 0 || object.length > 7 || !object.every(plain) || /[,;:]/.test(render(object).replace(/[\s.,;:!?]+$/, ''))) return null;
  const needed = render(object).replace(/[\s.,;:!?]+$/, '');
  return { title: `Get ${needed} for ${uncapitalise(render(subject).trim())}`, details: example ? asSentence(`For example, ${example.replace(/^(?:such as|like|including|e\.?g\.?,?)\s+/i, '')}`) : '' };
}

/** "X, such as a refund or a discount, …": the words without the examples between commas, and the examples. */
function withoutExample(tokens: Token[]): { kept: Token[]; example: string } {
  const from = tokens.findIndex((token, index) => index > 0 && /,\s*$/.test(tokens[index - 1]!.post) && (['like', 'including'].includes(token.norm) || (token.norm === 'such' && tokens[index + 1]?.norm === 'as') || /^e\.?g\.?$/.test(token.norm)));
  const to = from < 0 ? -1 : tokens.findIndex((token, index) => index > from && index <= from + 10 && /,\s*$/.test(token.post));
  if (from < 0 || to < 0) return { kept: tokens, example: '' };
  const before = tokens.slice(0, from);
  const last = before[before.length - 1]!;
  return { kept: [...before.slice(0, -1), { ...last, post: ' ' }, ...tokens.slice(to + 1)], example: render(tokens.slice(from, to + 1)).replace(/[\s,]+$/, '') };
}

/** Skips "what you do is", "make sure you", "don't forget to" and the like; returns the new index. */
function skipAnnouncements(tokens: Token[], at: number): number {
  let index = at;
  for (;;) {
    const length = longestPhraseAt(tokens, index, announcements) || thingToDoAt(tokens, index);
    // ("step 3 is", "step two": a numbered step; "step off the path" is the verb.)
    if (!length || (tokens[index]!.norm === 'step' && !tokens[index + 1]?.tags.has('Value'))) return index;
    index += length;
    if (tokens[index]?.norm === 'to') index++;
  }
}

/** "by a manager", "by the customer": a by-phrase that names who acts (not "by Dewey number", "by 5 pm"). */
function agentPhrase(after: Token[]): number {
  const byAt = after.findIndex((token, offset) => token.norm === 'by' && offset <= 1);
  if (byAt < 0) return -1;
  const phrase = after.slice(byAt + 1, byAt + 5);
  const end = phrase.findIndex((token) => token.tags.has('Preposition') || token.tags.has('Conjunction') || /[,;:.]/.test(token.post));
  const words = end >= 0 ? phrase.slice(0, end + (/[,;:.]/.test(phrase[end]!.post) && !phrase[end]!.tags.has('Preposition') ? 1 : 0)) : phrase;
  // The phrase's last word is its head: "by the customer", not "by client name".
  const head = words[words.length - 1];
  // ("by our approved shipper": after a passive, a noun of who does things is the one who does it.)
  const doer = Boolean(head && isNoun(head) && /^[a-z]{3,}(?:er|or|ist|ian)s?$/.test(head.norm) && !/(?:number|order|letter|paper|water|folder|counter|meter|timer|filter|marker|colour|color|floor|door|hour)s?$/.test(head.norm));
  const person = head && (head.tags.has('Actor') || (head.tags.has('Person') && !isNoun(words[words.indexOf(head) + 1])) || head.tags.has('Organization') || head.tags.has('Pronoun') || isRole(head) || head.tags.has('ProperNoun') || doer);
  return person && !head.tags.has('Date') && !head.tags.has('Value') ? byAt : -1;
}

const lowerFirst = (tokens: Token[]) => tokens.map((token, offset) => (offset === 0 && !token.tags.has('ProperNoun') && !token.tags.has('Acronym') ? { ...token, text: token.text.toLowerCase() } : token));

/**
 * A passive instruction: "The form must be signed by a manager" → "Sign the form" (by a manager);
 * "Claims over £10,000 must be referred to a senior handler" → "Refer claims over £10,000 to a
 * senior handler". Where a thing goes says what to do with it: "The cash goes in the deposit
 * bag" → "Put the cash in the deposit bag"; "Refunds go back to the card" → "Return refunds to the card".
 */
/** "each morning", "every Friday", "on Mondays": how many words a time opening a clause takes, or 0. */
function leadingTime(tokens: Token[]): number {
  const [first, second] = tokens;
  if (!first || !second || /[,;:]/.test(first.post + second.post)) return 0;
  if (['each', 'every'].includes(first.norm) && (timeWords.has(second.norm) || second.tags.has('Date') || second.tags.has('WeekDay'))) return 2;
  if (first.norm === 'on' && second.tags.has('WeekDay')) return 2;
  return 0;
}


/** Verbs of the mind: said with a subject they report, they do not instruct. */
const mindVerbs = new Set(['forget', 'forgets', 'forgot', 'think', 'reckon', 'guess', 'know', 'hate', 'love', 'like', 'mean', 'suppose', 'believe', 'feel', 'prefer', 'tend', 'wish', 'hope', 'doubt', 'imagine', 'bet', 'swear']);

/** Verbs whose object follows "of". */
const verbsTakingOf = new Set(['dispose', 'think', 'approve', 'rid', 'beware', 'consist', 'speak', 'inform', 'notify', 'remind', 'advise', 'warn']);

/** Verbs of a thing changing by itself: "the weather's turned" has turned. */
const changesOfState = new Set(['turned', 'gone', 'changed', 'started', 'finished', 'stopped', 'arrived', 'happened', 'come', 'died', 'grown', 'risen', 'fallen', 'dropped', 'melted', 'expired', 'broken']);

function readPassive(tokens: Token[]): { title: string; details: string } | null {
  // ("(checks) that the board has been cleared": what is so, said after "that", is checked, not done.)
  if (tokens[0]?.norm === 'that' && determiners.has(tokens[1]?.norm ?? '')) return null;
  // ("now the weather's turned", "the kettle's gone": "'s" before a change of state is "has", not a passive.)
  const contracted = tokens.findIndex((token) => token.norm === 'is' && !token.text);
  if (contracted > 0 && changesOfState.has(tokens[contracted + 1]?.norm ?? '')) return null;
  const simple = passiveAt(tokens, 0);
  const thing = simple === null ? thingClauseAt(tokens, 0) : null;
  if (simple === null && !thing) return null;
  let subjectEnd = 0;
  // ("the first payment to the new account": "to" before a thing, and "first" after an article, are part of the subject.)
  const auxiliaryAt = (at: number) =>
    auxiliaryWords.has(tokens[at]!.norm) && !(tokens[at]!.norm === 'to' && (determiners.has(tokens[at + 1]?.norm ?? '') || isNoun(tokens[at + 1]))) && !(tokens[at]!.tags.has('Ordinal') && determiners.has(tokens[at - 1]?.norm ?? ''));
  if (simple !== null) while (subjectEnd < simple && !auxiliaryAt(subjectEnd) && !['be', 'is', 'are', 'get', 'gets', 'been'].includes(tokens[subjectEnd]!.norm)) subjectEnd++;
  else subjectEnd = thing!.subjectEnd;
  // ("no concrete, unless the client's asked for it": a subject that runs past a condition is no subject.)
  if (tokens.slice(0, subjectEnd).some((token) => conditionStarts.has(token.norm) || ['because', 'cause', 'cos'].includes(token.norm))) return null;
  const subject = lowerFirst(tokens.slice(0, subjectEnd));
  if (thing?.kind === 'motion') {
    // ("anything I find goes in a bag": what the speaker finds, the reader finds.)
    subject.forEach((token, index) => {
      if (token.norm === 'i' && index > 0) subject[index] = { ...token, text: 'you', norm: 'you' };
    });
    let place = thing.verbAt + 1;
    const back = tokens[place]?.norm === 'back';
    // ("…go out the back": the way stays when no preposition follows it.)
    if (motionAdverbs.has(tokens[place]?.norm ?? '') && !(wayAdverbs.has(tokens[place]!.norm) && determiners.has(tokens[place + 1]?.norm ?? ''))) place++;
    const to = tokens[place]?.norm === 'to';
    // ("the keys go back to the office": returned there; "the float goes back in the safe": put back in it.)
    const putBack = back && !to && place > thing.verbAt + 1;
    const verb = back && !putBack ? 'Return' : to && tokens[place + 1]?.tags.has('Value') ? 'Set' : to ? 'Send' : 'Put';
    // ("the handles can't go in the soak": where a thing must not go is a prohibition.)
    const denied = tokens.slice(subjectEnd, thing.verbAt).find((token) => ['not', 'never'].includes(token.norm));
    const said = denied ? `${denied.norm === 'never' ? 'Never' : 'Do not'} ${verb.toLowerCase()}` : verb;
    return { title: `${said} ${render([...subject, ...tokens.slice(place)])}`.trim().replace(/[\s.,;:!?]+$/, '').replace(/^(.*?)(\s+(?:in|on|into|onto|inside|under)\s)/, putBack ? '$1 back$2' : '$1$2'), details: '' };
  }
  if (thing?.kind === 'stay') {
    if (tokens.slice(subjectEnd, thing.verbAt).some((token) => ['not', 'never'].includes(token.norm))) return null;
    return { title: `Keep ${render([...subject, ...tokens.slice(thing.verbAt + 1)])}`.trim().replace(/[\s.,;:!?]+$/, ''), details: '' };
  }
  const participleAt = simple ?? thing!.verbAt;
  // "Deaf patients are entitled to an interpreter": a state someone is in, not something done to them.
  // ("A second attempt is made an hour later" is making it; "made of steel" says what it is.)
  const madeDone = tokens[participleAt]!.norm === 'made' && !['of', 'from', 'up', 'out', 'by'].includes(tokens[participleAt + 1]?.norm ?? '');
  if (stativeParticiples.has(tokens[participleAt]!.norm) && !madeDone) return null;
  // "Cash should never be left…" forbids: read as a prohibition, not as the instruction.
  if (tokens.slice(subjectEnd, participleAt).some((token) => ['not', 'never'].includes(token.norm))) return null;
  const participle = tokens[participleAt]!;
  const after = tokens.slice(participleAt + 1);
  const byAt = agentPhrase(after);
  const { title: object, explanation } = splitExplanation(byAt >= 0 ? after.slice(0, byAt) : after);
  const agent = byAt >= 0 ? render(after.slice(byAt)) : '';
  const verb = capitalise(toInfinitive(participle.text));
  // "Damaged items are set aside": the particle stays after the object.
  const particle = object[0] && ['aside', 'away', 'out', 'off', 'up', 'down', 'back'].includes(object[0].norm) ? [object[0]] : [];
  const rest = render([...subject, ...particle, ...object.slice(particle.length)]);
  // "The timesheet is signed by the clinician" → "Get the timesheet signed by the clinician": someone else does it; the reader sees it done.
  if (agent) {
    const done = render([...subject, participle, ...particle, ...object.slice(particle.length)]).replace(/[\s.,;:!?]+$/, '');
    return { title: `Get ${done} ${agent}`.replace(/[\s.,;:!?]+$/, ''), details: explanation ? asSentence(explanation) : '' };
  }
  const details = explanation ? asSentence(explanation) : '';
  return { title: `${verb} ${rest}`.trim().replace(/[\s.,;:!?]+$/, ''), details };
}

/**
 * "Fragile items get an orange label", "Each guest gets a welcome pack": what a thing or a person
 * is given, said of them, is giving it to them ("Give fragile items an orange label").
 */
function readReceives(tokens: Token[]): { title: string; details: string } | null {
  const getsAt = tokens.findIndex((token) => ['get', 'gets'].includes(token.norm));
  if (getsAt < 1 || getsAt > 6) return null;
  const subject = tokens.slice(0, getsAt);
  // The receiver is a noun phrase ("who are new to a medicine" may describe it), never a pronoun.
  const words = subject.filter((token) => token.text);
  const relative = words.findIndex((token) => ['who', 'that', 'which'].includes(token.norm));
  const named = relative > 0 ? words.slice(0, relative) : words;
  if (!isNoun(named[named.length - 1]) || !named.every((token) => determiners.has(token.norm) || isNoun(token) || token.tags.has('Adjective'))) return null;
  const gift = tokens[getsAt + 1];
  // ("get paid", "gets checked", "get burnt" are passives; "gets to", "gets back" go somewhere.)
  if (!gift || !(determiners.has(gift.norm) || gift.tags.has('Value') || ((gift.tags.has('Adjective') || isNoun(gift)) && isNoun(tokens[getsAt + 2]))) || gift.tags.has('PastTense') || gift.tags.has('Participle')) return null;
  const { title: object, explanation } = splitExplanation(tokens.slice(getsAt + 1));
  return { title: `Give ${render(lowerFirst(subject))} ${render(object)}`.replace(/[\s.,;:!?]+$/, ''), details: explanation ? asSentence(explanation) : '' };
}

/**
 * "(When the item arrives,) it is labelled with the name": a passive said of "it" is done to the
 * thing just named; the title keeps "it" for the caller to resolve ("Label it with the name").
 */
function pronounPassive(tokens: Token[]): { title: string; details: string } | null {
  // ("they are moved to the deeds room": the things just named.)
  const they = tokens[0]?.norm === 'they';
  // ("this is written on the batch sheet": what was just said is done to, as "it" is.)
  if (!['it', 'this', 'that'].includes(tokens[0]?.norm ?? '') && !they) return null;
  // ("(checks) that the board has been cleared": "that" before a noun phrase introduces it, it is no subject.)
  if (['this', 'that'].includes(tokens[0]!.norm) && (determiners.has(tokens[1]?.norm ?? '') || isNoun(tokens[1]))) return null;
  const adverbs = ['then', 'also', 'usually', 'always', 'immediately', 'carefully', 'first', 'next', 'now', 'normally'];
  let at = 1;
  // ("it should first be logged on the tracker", "it has to be signed": a modal, then "be".)
  if (['should', 'must', 'will', 'can', 'has', 'have', 'needs', 'need'].includes(tokens[1]?.norm ?? '')) {
    at = 2;
    if (tokens[at]?.norm === 'to') at++;
    while (adverbs.includes(tokens[at]?.norm ?? '')) at++;
    if (tokens[at]?.norm !== 'be') return null;
  } else if (!(they ? ['are', 'get'] : ['is', 'gets']).includes(tokens[1]?.norm ?? '')) return null;
  at++;
  while (adverbs.includes(tokens[at]?.norm ?? '')) at++;
  const participle = tokens[at];
  // ("it gets replaced": after "gets" an -ed word is done to it, whatever the tagger called it.)
  const gotDone = ['gets', 'get'].includes(tokens[1]!.norm) && /ed$/.test(participle?.norm ?? '');
  if (they && (!participle || stateParticiples.has(participle.norm) || stativeParticiples.has(participle.norm))) return null;
  if (!participle || (!gotDone && (!(participle.tags.has('PastTense') || participle.tags.has('Participle') || participle.tags.has('Passive')) || participle.tags.has('Adjective')))) return null;
  const verb = capitalise(toInfinitive(participle.text));
  if (!canBeVerb(verb.toLowerCase()) || stateVerbs.has(verb.toLowerCase())) return null;
  const after = tokens.slice(at + 1);
  const particle = after[0] && ['aside', 'away', 'out', 'off', 'up', 'down', 'back'].includes(after[0].norm) ? [after[0]] : [];
  const { title: object, explanation } = splitExplanation(after.slice(particle.length));
  // ("…to the deeds room and recorded in the register": a second participle is a second thing done to it.)
  const pronoun = they ? 'them' : 'it';
  const done = object.flatMap((token, index) =>
    index > 0 && object[index - 1]!.norm === 'and' && (token.tags.has('PastTense') || token.tags.has('Participle')) && canBeVerb(toInfinitive(token.norm))
      ? [{ ...token, text: toInfinitive(token.norm), post: ' ' }, { ...token, text: pronoun, norm: pronoun, tags: new Set(['Pronoun']), pre: '', post: token.post }]
      : [token],
  );
  const title = `${verb} ${pronoun} ${render([...particle, ...done])}`.trim().replace(/[\s.,;:!?]+$/, '');
  return { title, details: explanation ? asSentence(explanation) : '' };
}

/** "you want your suit on", "you'll need the gloves on": what to have on is what to put on. */
function wornAsInstruction(tokens: Token[]): Token[] | null {
  const you = tokens.findIndex((token) => token.norm === 'you');
  if (you < 0 || you > 2) return null;
  let verbAt = you + 1;
  if (['will', 'll', 'd', 'would'].includes(tokens[verbAt]?.norm ?? '')) verbAt++;
  if (!['want', 'need'].includes(tokens[verbAt]?.norm ?? '') || !determiners.has(tokens[verbAt + 1]?.norm ?? '')) return null;
  const particleAt = tokens.findIndex((token, at) => at > verbAt + 1 && at <= verbAt + 5 && ['on', 'off'].includes(token.norm));
  if (particleAt < 0) return null;
  const verb = { ...tokens[verbAt]!, text: tokens[particleAt]!.norm === 'off' ? 'take' : 'put', norm: tokens[particleAt]!.norm === 'off' ? 'take' : 'put', post: ' ' };
  return [verb, ...tokens.slice(verbAt + 1)];
}

/** "Requests received by email must not be processed" → "Do not process requests received by email". */
function prohibitedPassive(tokens: Token[]): { title: string; details: string } | null {
  const modal = /^(.{3,80}?)\s+(?:must|should|may|can|are to|is to)\s+(not|never)\s+be\s+([a-z]+)\b(.*)$/i.exec(render(tokens).replace(/[\s.!?]+$/, ''));
  // ("Original wills are never archived with the file", "the child is not moved unless…": what is never done is forbidden;
  // "is not locked", "is not damaged" say a state.)
  const plain = modal ? null : /^(.{3,80}?)\s+(?:is|are)\s+(not|never)\s+([a-z]+ed|[a-z]+en)\b(.*)$/i.exec(render(tokens).replace(/[\s.!?]+$/, ''));
  const match = modal ?? (plain && !stateParticiples.has(plain[3]!.toLowerCase()) && !/^(?:if|when|unless|once|whether|as|because|so)\b/i.test(plain[1]!) ? plain : null);
  if (!match || /^(?:it|this|that|they|you|we|i|he|she|there|what|which|who)\b/i.test(match[1]!)) return null;
  const verb = toInfinitive(match[3]!);
  if (!canBeVerb(verb.toLowerCase())) return null;
  const subject = uncapitalise(match[1]!);
  // "…must not be signed for until counted": the verb's own preposition goes with it ("sign for deliveries").
  const particle = /^\s+(for|off|out|up|away|back|down)\b(?!\s+(?:the|a|an|this|that|your|their)\b)/i.exec(match[4] ?? '');
  const verbPhrase = particle ? `${verb.toLowerCase()} ${particle[1]!.toLowerCase()}` : verb.toLowerCase();
  const rest = particle ? match[4]!.slice(particle[0].length) : (match[4] ?? '');
  return { title: `${match[2]!.toLowerCase() === 'never' ? 'Never' : 'Do not'} ${verbPhrase} ${subject}${rest}`.trim().replace(/[\s,;:]+$/, ''), details: '' };
}

const askingVerbs = new Set('tell ask show explain confirm check decide note record inform find choose select say'.split(' '));

/** Moves an explanation ("so that…", "because…", "which…") out of the title into the details. */
function splitExplanation(tokens: Token[]): { title: Token[]; explanation: string } {
  for (let index = 2; index < tokens.length; index++) {
    // ", who decides whether…": a relative clause after a comma explains.
    const length = longestPhraseAt(tokens, index, explanationPhrases) || (tokens[index]!.norm === 'who' && /,/.test(tokens[index - 1]!.post) ? 1 : 0);
    if (!length) continue;
    // ("as soon as it arrives", "as long as it's dry": the second "as" is part of a time, not a reason.)
    if (tokens[index]!.norm === 'as' && tokens[index - 2]?.norm === 'as') continue;
    // ("…won't chill in time otherwise": "otherwise" closing the sentence explains nothing after it.)
    if (tokens[index]!.norm === 'otherwise' && index === tokens.length - 1) continue;
    // "Tell the customer which records are kept": what is said or asked, not an explanation.
    if (tokens[index]!.norm === 'which' && askingVerbs.has(tokens[0]!.norm) && !/,/.test(tokens[index - 1]!.post)) continue;
    // "so" alone explains only after a comma, before a subject ("so it stays", "so you can") or a purpose ("so the crew can").
    const purpose = tokens.slice(index + 1, index + 6).some((token) => ['can', 'could', 'will', 'would', 'wont', 'doesnt', 'dont', 'isnt'].includes(token.norm));
    // ("…a red dot on anything staying so nobody loads the wrong wardrobe": "nobody", "everyone" are subjects too.)
    const subject = subjectPronouns.has(tokens[index + 1]?.norm ?? '') || ['it', 'nobody', 'noone', 'no-one', 'nothing', 'everyone', 'everybody', 'everything'].includes(tokens[index + 1]?.norm ?? '');
    if (length === 1 && tokens[index]!.norm === 'so' && !/,/.test(tokens[index - 1]!.post) && !subject && !purpose) continue;
    return { title: tokens.slice(0, index), explanation: render(tokens.slice(index)) };
  }
  return { title: tokens, explanation: '' };
}

/**
 * Reads one clause. Instructions come back in the imperative: lead-ins, the subject and
 * modal verbs are dropped and the verb takes its base form ("you'll want to bump the
 * version" → "Bump the version"; "The manager checks the balance" → "Check the balance",
 * with the actor in the details).
 */
export function readClause(clause: Token[], options: { continuesSubject?: boolean; passiveOf?: 'it' | 'them' } = {}): Reading {
  let tokens = clause;
  while (tokens.length > 1 && leadingJoins.has(tokens[0]!.norm)) tokens = tokens.slice(1);
  if (tokens.length === 0) return { kind: 'statement', text: '' };
  // ("both of you check every loop": what some of the readers do together is an instruction; who goes to the details.)
  if (peopleOf(tokens, 0)) {
    // ("one of us checks the pass": "us" is no subject a verb can follow; the verb's subject is the people named.)
    const rest = tokens[2]!.norm === 'us' ? readClause(tokens.slice(3), { ...options, continuesSubject: true }) : readClause(tokens.slice(2), options);
    if (rest.kind === 'action') return { ...rest, details: [asSentence(capitalise(render(tokens.slice(0, 3)))), rest.details].filter(Boolean).join(' '), source: render(clause) };
  }
  // ("the van needs loading", "the bins need emptying every night": a thing that needs doing is the instruction to do it.)
  const needing = needsDoing(tokens);
  if (needing) return { ...action(needing, ''), source: render(clause) };
  // ("they take like 30 minutes to get up to temp", "it takes about an hour": how long a thing takes describes.)
  if (/^(?:it|they|that|this|which|these|those)(?:\s+(?:will|ll|can|should|usually|normally|always))?\s+(?:take|takes|took)\b/i.test(render(tokens).replace(/['’]/g, ' '))) return { kind: 'statement', text: render(tokens) };
  // ("then they say we broke it": what others claim is what happens, not what the reader does.)
  if (/^they\s+(?:(?:always|usually|often|sometimes|then|just)\s+)?(?:say|said|claim|claimed|reckon|think|complain|moan|swear|insist)\b/i.test(render(tokens))) return { kind: 'statement', text: render(tokens) };
  // ("you'll waste maybe half a pint", "you will see the gauge go green": what will happen to the reader is an outcome, not a step.)
  if (/^(?:you|we)(?:'ll|\s+will)\s+(?:(?:probably|usually|normally|maybe|then|also|just|soon)\s+)?(?:see|notice|hear|feel|smell|find|get|lose|waste|end up|know)\b/i.test(render(tokens).replace(/’/g, "'"))) return { kind: 'statement', text: render(tokens) };
  // ("Under-16s need a parent or guardian signature", "anything over £200 needs a supervisor's override code": what a case needs is to be got.)
  const needed = neededThing(tokens);
  if (needed) return { kind: 'action', ...needed, source: render(clause) };
  // ("it goes back on the shelf", "the jars, they go in the fridge": where a thing goes, said of "it" or "they", is putting it there.)
  if (['it', 'they'].includes(tokens[0]!.norm) && ['go', 'goes'].includes(tokens[1]?.norm ?? '') && (tokens[2]?.tags.has('Preposition') || motionAdverbs.has(tokens[2]?.norm ?? '') || (['on', 'in'].includes(tokens[2]?.norm ?? '') && (determiners.has(tokens[3]?.norm ?? '') || Boolean(tokens[3]?.tags.has('Possessive'))))) && tokens.length <= 16) {
    // ("they go to the deeds room": where a thing goes to is where it is taken.)
    const verb = tokens[2]?.norm === 'to' ? 'take' : 'put';
    const put = { ...tokens[1]!, text: verb, norm: verb, tags: new Set(['Verb', 'Infinitive', 'Imperative']) };
    const thing = { ...tokens[0]!, text: tokens[0]!.norm === 'they' ? 'them' : 'it', norm: tokens[0]!.norm === 'they' ? 'them' : 'it' };
    return { ...action([put, thing, ...tokens.slice(2)], ''), source: render(clause) };
  }
  // ("the bit everyone forgets": what everyone does, with nothing it is done to, describes.)
  if (['everyone', 'everybody'].includes(tokens[0]!.norm) && tokens.length === 2 && isVerb(tokens[1])) return { kind: 'statement', text: render(tokens) };
  const worn = wornAsInstruction(tokens);
  if (worn) return { ...action(worn, ''), source: render(clause) };
  // ("Back at the depot, unload the van": where the work is, not "back" as a verb.)
  if (tokens[0]!.norm === 'back' && ['at', 'in', 'on', 'inside'].includes(tokens[1]?.norm ?? '') && !tokens.slice(2).some((token) => isVerb(token) && !token.tags.has('Gerund'))) return { kind: 'statement', text: render(tokens) };
  // "every tier you put a ratchet strap across", "about halfway up you put your throughstones in": when or where, said
  // before "you" and its verb; it goes after the instruction.
  const youAt = tokens.findIndex((token, index) => index > 0 && index <= 4 && (token.norm === 'you' || (['i', 'we'].includes(token.norm) && /,/.test(tokens[index - 1]!.post))));
  const front = youAt > 0 ? tokens.slice(0, youAt) : [];
  // ("clothes, you check the labels", "the good stuff, I steam it": the thing talked about, then what to do with it; "it" is that thing.)
  const frontTopic = front.length > 0 && front.length <= 4 && /,/.test(front[front.length - 1]!.post) && isNoun(front[front.length - 1]) && front.every((token) => isNoun(token) || token.tags.has('Adjective') || determiners.has(token.norm));
  // ("amber necklaces we take off": a thing named, then someone doing a verb to nothing else, is what it is done to.)
  const subjectAt = tokens.findIndex((token, index) => index > 0 && index <= 4 && subjectPronouns.has(token.norm) && ['you', 'we', 'i'].includes(token.norm));
  const fronted = subjectAt > 0 && !frontTopic ? tokens.slice(0, subjectAt) : [];
  const verbAlone = fronted.length > 0 && isVerb(tokens[subjectAt + 1]) && (!tokens[subjectAt + 2] || particles.has(tokens[subjectAt + 2]!.norm)) && (!tokens[subjectAt + 3] || ['and', 'then'].includes(tokens[subjectAt + 3]!.norm) || endsClause(tokens[subjectAt + 2]));
  if (verbAlone && isNoun(fronted[fronted.length - 1]) && fronted.every((token) => isNoun(token) || token.tags.has('Adjective') || determiners.has(token.norm)) && !fronted[0]!.tags.has('Pronoun')) {
    const inner = readClause(tokens.slice(subjectAt, subjectAt + 3), options);
    // (The thing goes after the verb: "Peel the old labels off".)
    if (inner.kind === 'action') return { ...inner, title: inner.title.replace(/^\S+/, (verb) => `${verb} ${render(fronted)}`), source: render(clause) };
  }
  if (frontTopic) {
    const inner = readClause(tokens.slice(youAt), options);
    const named = render(front).replace(/[\s,]+$/, '');
    if (inner.kind === 'action' && /\s(?:it|them)\b/i.test(inner.title)) return { ...inner, title: inner.title.replace(/\s(?:it|them)\b/i, ` ${named}`), source: render(clause) };
    if (inner.kind === 'action') return { ...inner, details: [asSentence(named), inner.details].filter(Boolean).join(' '), source: render(clause) };
  }
  const opensWhen = (word: string) => conditionStarts.has(word) || triggerStarts.has(word) || ['as', 'while', 'since', 'because', 'so', 'than', 'like', 'before', 'after', 'until', 'till'].includes(word);
  // ("friday at 3 you take everything out": a day and a time, said first.)
  const timeAlone = front.length > 0 && front.every(saysWhen);
  // ("at close you switch it": after a preposition, a word or two the tagger read as a verb still says when.)
  const shortPhrase = front[0]?.tags.has('Preposition') && front.length <= 3;
  if (front.length > 0 && (determiners.has(front[0]!.norm) || front[0]!.tags.has('Preposition') || timeAlone) && !opensWhen(front[0]!.norm) && !front.some((token, at) => (isVerb(token) && !(shortPhrase && at > 0)) || token.tags.has('Pronoun') || /[,;:]/.test(token.post))) {
    const inner = readClause(tokens.slice(youAt), options);
    // ("the fridge you wipe it down": a thing named before "you", with no preposition, is what "it" stands for.)
    const thing = determiners.has(front[0]!.norm) && front.length >= 2 && front.slice(1).every((token) => isNoun(token) || token.tags.has('Adjective')) && isNoun(front[front.length - 1]) && !timeAlone;
    const pronoun = (front[front.length - 1]!.tags.has('Plural') ? /\sthem\b/i : /\sit\b/i);
    if (inner.kind === 'action' && thing && pronoun.test(inner.title)) return { ...inner, title: inner.title.replace(pronoun, ` ${render(lowerFirst(front))}`), source: render(clause) };
    // (After a title that already goes on past a comma, when or where is a detail; so is a thing named with no "it"
    // to stand for it: "the brakes you check the pads" is "Check the pads", about the brakes.)
    if (inner.kind === 'action' && (/,/.test(inner.title) || (thing && ['the', 'your', 'our', 'this', 'that', 'these', 'those'].includes(front[0]!.norm)))) return { ...inner, details: [asSentence(render(front)), inner.details].filter(Boolean).join(' '), source: render(clause) };
    if (inner.kind === 'action') return { ...inner, title: `${inner.title} ${render(lowerFirst(front))}`, source: render(clause) };
  }
  // "(…are aliquoted) and stored at 4 °C": the participle's verb, done to the same thing.
  if (options.passiveOf && tokens[0]!.tags.has('Verb')) {
    const verb = capitalise(toInfinitive(tokens[0]!.text));
    const after = tokens.slice(1);
    // "(…drawn up) and signed by both directors": someone else does it; get it done.
    const byAt = agentPhrase(after);
    if (byAt >= 0) return { kind: 'action', title: `Get ${options.passiveOf} ${render([tokens[0]!, ...after])}`.replace(/[\s.,;:!?]+$/, ''), details: '', source: render(clause) };
    const particle = after[0] && ['aside', 'away', 'out', 'off', 'up', 'down', 'back'].includes(after[0].norm) ? [after[0]] : [];
    return { ...action([{ ...tokens[0]!, text: `${verb} ${options.passiveOf}` }, ...particle, ...after.slice(particle.length)], ''), source: render(clause) };
  }
  // ("Where a product has not been shipped before, look up…": a sentence that opens on "where" and a clause of its own names a case.)
  if (/^Where(?:ver)?$/.test(tokens[0]!.text) && /,/.test(tokens[tokens.length - 1]!.post) && determiners.has(tokens[1]?.norm ?? '') && tokens.slice(2).some((token) => isVerb(token) && !token.tags.has('Gerund'))) return { kind: 'condition', text: render(tokens) };
  const subordinator = subordinatorAt(tokens, 0) || (conditionStarts.has(tokens[0]!.norm) ? 1 : 0);
  if (subordinator) {
    const word = tokens[0]!.norm;
    const isCondition = conditionStarts.has(word) || ['in', 'only', 'even', 'as'].includes(word);
    return { kind: isCondition ? 'condition' : 'trigger', text: render(tokens) };
  }
  // "Never hand…", "Don't open…": a prohibition.
  if (tokens[0]!.norm === 'never' || (tokens[0]!.norm === 'do' && tokens[1]?.norm === 'not')) {
    const skip = tokens[0]!.norm === 'never' ? 1 : 2;
    return negated(tokens, skip, tokens.slice(0, skip));
  }
  // "At handout, …", "On day one, …": a circumstance that opens the instruction after it.
  // ("The day before, …", "Each morning, …": a time, said before the instruction, too.)
  // ("Following the near miss last month, …": "following" as a preposition.)
  if ((tokens[0]!.tags.has('Preposition') || tokens[0]!.norm === 'following' || (/,\s*$/.test(tokens[tokens.length - 1]!.post) && tokens.every((token) => determiners.has(token.norm) || ['Date', 'Time', 'Duration', 'Value'].some((tag) => token.tags.has(tag)) || timeWords.has(token.norm)))) && !tokens.some((token) => isVerb(token) && !token.tags.has('Gerund')) && tokens.length <= 6) return { kind: 'trigger', text: render(tokens) };
  // "otherwise…", "if not…": the other branch of the step before, said as its details.
  if (['otherwise', 'else'].includes(tokens[0]!.norm)) return otherBranch(tokens);
  // "should double in 4-6 hours", "will take about an hour": what to expect, not what to do.
  if (expectationModals.has(tokens[0]!.norm) && isVerb(tokens[1])) return { kind: 'statement', text: render(tokens) };
  // "see levain notes", "see the wiki": where to read more.
  if (tokens[0]!.norm === 'see' && tokens.slice(1, 4).some((token) => references.has(token.norm))) return { kind: 'statement', text: render(tokens) };
  // "props check each prop for chips", "batteries make sure they're charged": in talk, a thing named bare, then what to do with it.
  const topic = spokenTopic(tokens);
  if (topic) {
    const rest = readClause(tokens.slice(1), options);
    if (rest.kind === 'action') return { ...rest, details: [asSentence(capitalise(render(tokens.slice(0, 1)))), rest.details].filter(Boolean).join(' '), source: render(clause) };
  }
  // "Each morning the ILL assistant works through the queue", "on the controller you pick program two":
  // a time or a place said before whoever does it, with no comma.
  const when = leadingTime(tokens) || leadingPlace(tokens);
  if (when > 0 && (actorVerbAt(tokens, when) !== null || isBaseVerb(tokens[when]))) {
    const rest = readClause(tokens.slice(when), options);
    if (rest.kind === 'action') return { ...rest, details: [asSentence(render(tokens.slice(0, when))), rest.details].filter(Boolean).join(' '), source: render(clause) };
  }
  // "Nobody goes on the roof without the platform": a rule for everyone is a prohibition, never the act itself.
  // ("nobody should be left without an answer", "nobody gets paged" are passives, read as such.)
  const nobody = ['nobody', 'noone', 'no-one'].includes(tokens[0]!.norm) ? 1 : tokens[0]!.norm === 'no' && tokens[1]?.norm === 'one' ? 2 : 0;
  if (nobody) {
    let verbAt = nobody;
    while (auxiliaryWords.has(tokens[verbAt]?.norm ?? '') || ['ever', 'should', 'may', 'can', 'must'].includes(tokens[verbAt]?.norm ?? '')) verbAt++;
    const passive = tokens.slice(nobody, verbAt + 1).some((token) => ['be', 'is', 'are', 'was', 'been', 'get', 'gets'].includes(token.norm));
    if (!passive && tokens[verbAt] && (isVerb(tokens[verbAt]) || /s$/.test(tokens[verbAt]!.norm))) return negated(tokens, verbAt, [], 'Never');
  }
  let index = skipAnnouncements(tokens, 0);
  let actor = '';
  // "…and signs the form": the verb's subject came in the clause before.
  let subject = options.continuesSubject ? 'they' : '';
  let skippedWords: string[] = [];
  const verbAfterSubject = actorVerbAt(tokens, index);
  if (verbAfterSubject !== null) {
    subject = tokens[index]!.norm;
    if (!subjectPronouns.has(subject)) {
      let end = verbAfterSubject;
      while (end > index + 1 && auxiliaryWords.has(tokens[end - 1]!.norm)) end--;
      actor = render(tokens.slice(index, end));
      // ("people leave all sorts", "someone forgets": what people in general do describes, it does not instruct.)
      if (/^(?:people|someone|somebody|folk|folks)$/i.test(actor)) return { kind: 'statement', text: render(tokens) };
    }
    // ("the rag man pays us by weight", "they need to tell us where the sling points are": what others do for the team, not a step of it.)
    if (!['you', 'we', 'i'].includes(subject) && tokens[verbAfterSubject + 1]?.norm === 'us') return { kind: 'statement', text: render(tokens) };
    // ("whoever is on the desk answers…": the words before the verb say who, they are not its auxiliaries.)
    const skipped = subject === 'whoever' ? [] : tokens.slice(index + 1, verbAfterSubject);
    skippedWords = skipped.map((token) => token.norm);
    index = skipAnnouncements(tokens, verbAfterSubject);
    if (skipped.some((token) => negations.has(token.norm))) {
      // "so i'm not scratching the floor" says what the speaker is doing, not what is forbidden.
      if (skipped.some((token) => ['am', 'is', 'are', 'was', 'were'].includes(token.norm)) && tokens[verbAfterSubject]?.tags.has('Gerund')) return { kind: 'statement', text: render(tokens) };
      // "we can't look it up" says what is impossible; "you don't", "never", "shouldn't" forbid.
      // ("we will not use windfalls", "we won't accept late forms": what the team will not do is its rule, as "we don't" is.)
      const policy = subject === 'we' && skipped.some((token) => token.norm === 'will') && !mindVerbs.has(tokens[index]?.norm ?? '') && !resultVerbs.has(tokens[index]?.norm ?? '') && !stativeVerbs.has(tokens[index]?.norm ?? '');
      if (!policy && skipped.some((token) => ['can', 'could', 'will', 'would'].includes(token.norm))) return { kind: 'statement', text: render(tokens) };
      // ("so you don't need to actually find her", "you don't have to sign it": what is not needed is not forbidden.)
      if (skipped.some((token, at) => ['need', 'needs', 'have', 'has'].includes(token.norm) && skipped[at + 1]?.norm === 'to')) return { kind: 'statement', text: render(tokens) };
      return negated(tokens, index, skipped);
    }
  }
  if (index > 0 && verbAfterSubject === null) index = skipAnnouncements(tokens, index);
  // ("…first you make sure" and nothing after it: an announcement with nothing announced says nothing to do.)
  if (index >= tokens.length) return { kind: 'statement', text: render(tokens) };
  // "you need to make sure you check…": announcements after the subject, then a second subject.
  const second = actorVerbAt(tokens, index);
  if (second !== null && subjectPronouns.has(tokens[index]!.norm)) index = second;
  // ("make sure you've wiped the counter": what the reader must have done is the instruction to do it.)
  const done = tokens[index + 2];
  if (index > 0 && ['sure', 'that'].includes(tokens[index - 1]!.norm) && ['you', 'we'].includes(tokens[index]!.norm) && tokens[index + 1]?.norm === 'have' && done?.tags.has('PastTense')) {
    const infinitive = toInfinitive(done.norm);
    const reading = readClause([{ ...done, text: infinitive, norm: infinitive, tags: new Set(['Verb', 'Infinitive', 'Imperative']) }, ...tokens.slice(index + 3)]);
    if (reading.kind === 'action') return { ...reading, source: render(clause) };
  }
  // "Start by checking…": the gerund is the instruction.
  const byGerund = ['start', 'begin', 'finish', 'end'].includes(tokens[index]?.norm ?? '') && tokens[index + 1]?.norm === 'by' && Boolean(tokens[index + 2]?.tags.has('Gerund'));
  if (byGerund) index += 2;
  // "so they're empty", "it's ready": a state after "is/are", not a verb ("they're emptied" is done to them).
  if (subject && skippedWords.some((word) => ['is', 'are', 'am', 'was', 'were'].includes(word)) && tokens[index] && !tokens[index]!.tags.has('Gerund') && !tokens[index]!.tags.has('PastTense') && !tokens[index]!.tags.has('Participle') && !/ed$/.test(tokens[index]!.norm)) return { kind: 'statement', text: render(tokens) };
  // "i always forget that", "we reckon it's fine": what the speaker thinks or forgets is not an instruction.
  if (['i', 'we'].includes(subject) && mindVerbs.has(tokens[index]?.norm ?? '')) return { kind: 'statement', text: render(tokens) };
  let verb = tokens[index];
  // "double check", "quickly wipe": one modifier before the verb stays with it.
  const modified = verb && !isVerb(verb) && (verb.tags.has('Adverb') || verb.tags.has('Adjective')) && isBaseVerb(tokens[index + 1]);
  if (modified) verb = tokens[index + 1];
  const verbIndex = modified ? index + 1 : index;
  // "Account settings": a noun-or-verb word before a bare noun is a label unless procedures use it as a verb.
  const label = verb && index === 0 && !subject && isNoun(tokens[index + 1]) && !determiners.has(tokens[index + 1]!.norm) && isNounToo(verb) && !commonActionVerbs.has(verb.norm) && !nounsUsedAsVerbs.has(verb.norm) && !continuesAsVerb(tokens[index + 1], tokens[index + 2]);
  const next = tokens[verbIndex + 1];
  // "Copy of ticket -> tray", "list of names": a noun of a thing names it (few verbs take "of": "dispose of").
  const ofPhrase = Boolean(verb && index === 0 && !subject && !modified && next?.norm === 'of' && !isVerb(verb) && verb.tags.has('Noun') && !verbsTakingOf.has(verb.norm));
  // "Triage is…", "Payroll runs…": a noun that can be a verb, as the subject of another verb.
  const subjectNoun =
    (verb && index === 0 && !subject && !isBaseVerbInLexicon(verb) && next && (next.tags.has('Copula') || next.tags.has('Modal') || (auxiliaryWords.has(next.norm) && next.norm !== 'to'))) ||
    // ("Lift stays closed": a word that can be a verb, before a verb said of it, is its subject.)
    (verb && index === 0 && !subject && next && ['stays', 'remains', 'goes', 'gets', 'comes', 'needs', 'gives', 'makes', 'causes', 'means', 'takes', 'keeps', 'seems', 'happens', 'helps', 'has', 'does'].includes(next.norm) && isThirdPersonVerb(next)) ||
    // "Refunds at the desk", "Dispensing a prescription follows…": a plural or a gerund that is the subject.
    (verb && index === 0 && !subject && (verb.tags.has('Plural') || (/s$/.test(verb.norm) && verb.tags.has('PresentTense') && !verb.tags.has('Infinitive')))) ||
    (verb && index === 0 && !subject && verb.tags.has('Gerund') && tokens.slice(1).some((token) => token.tags.has('PresentTense') && !token.tags.has('Infinitive') && !token.tags.has('Gerund') && /s$/.test(token.norm)));
  // ("Apologise, even if it wasn't our fault.": a word written alone as a sentence, or before its comma, that the tagger reads as a bare verb.)
  const loneVerb = Boolean(verb && !next && index === 0 && !subject && tokens.length === 1 && verb.tags.has('Infinitive') && /^\p{Lu}/u.test(verb.text) && /^[.!,]/.test(verb.post.trim()) && isDoneBySomeone(verb.norm));
  // A rare word with nothing after it that an object would start with is a label, not an instruction.
  // ("Power on", "top up fluid": a verb the tagger reads with its particle is a verb.)
  // ("Ask how many people are inside": a question after the verb is what it asks.)
  const unknownVerb = verb && !loneVerb && index === 0 && !subject && !(verb.tags.has('PhrasalVerb') && next?.tags.has('Particle')) && !(next?.tags.has('QuestionWord') && isVerb(verb)) && !isBaseVerbInLexicon(verb) && !commonActionVerbs.has(verb.norm) && !nounsUsedAsVerbs.has(verb.norm) && !startsObject(next, tokens[verbIndex + 2]) && !next?.tags.has('Adjective') && !continuesAsVerb(next, tokens[verbIndex + 2]);
  // "Have a quick look at…", "have the customer sign": "have" giving an instruction, not stating what someone has.
  // ("(the shift lead…) has them sign the waiver": someone having another do it, said of them, too.)
  const haveInstruction = (verb?.norm === 'have' || (verb?.norm === 'has' && subject !== '')) && (index === 0 || subject !== '') && Boolean(next && (['a', 'an', 'the'].includes(next.norm) || next.tags.has('Pronoun')));
  // ("leak at seal", "drips from the valve": what a fault does is found, not done.)
  const fault = Boolean(verb && index === 0 && !subject && faultWords.has(verb.norm));
  const usable =
    !fault &&
    !label &&
    !ofPhrase &&
    !pluralCompound(verb, next) &&
    !subjectNoun &&
    !unknownVerb &&
    !(subject && isResult(verb, next)) &&
    verb &&
    (!stateVerbs.has(verb.norm) || haveInstruction || looksSomewhere(tokens, verbIndex)) &&
    (isBaseVerb(verb) ||
      (subject && (isVerb(verb) || /s$/.test(verb.norm))) ||
      // ("the adult on duty should first check whether…": after a modal, a word that can be a verb is one.)
      (subject !== '' && couldBeMistaggedVerb(verb) && skippedWords.some((word) => ['should', 'must', 'will', 'can', 'shall'].includes(word))) ||
      (verb.tags.has('Gerund') && (index === 0 || byGerund)) ||
      (couldBeMistaggedVerb(verb) && (startsObject(next, tokens[verbIndex + 2]) || (usedAsVerb(verb) && isNoun(next)))) ||
      // "tap 'Arrive'", "press "OK"": a verb the tagger took for a noun, before a label in quotes.
      (index === 0 && couldBeMistaggedVerb(verb) && Boolean(next && /["'“‘`]$/.test(next.pre))) ||
      // "stop and tell the manager", "roll back to the snapshot": a verb the tagger took for a noun, before a second verb or its particle.
      (index === 0 && !subject && couldBeMistaggedVerb(verb) && continuesAsVerb(next, tokens[verbIndex + 2])) ||
      (verb.tags.has('Adjective') && Boolean(next && determiners.has(next.norm)) && canBeVerb(verb.norm)) ||
      // "tare the vessel", "swab the area": a word the tagger does not know as a verb, opening the clause right before its object.
      (index === 0 && !subject && unknownVerbBeforeObject(verb, next, tokens[verbIndex + 2])) ||
      // "open gate B": a verb procedures use, read as an adjective before a bare noun, in a clause with no other verb.
      (verb.tags.has('Adjective') && index === 0 && !subject && usedAsVerb(verb) && isNoun(next) && !hasVerbOutsideAsides(tokens.slice(verbIndex + 1))) ||
      // "submit;": a one-word instruction procedures use.
      (!next && verbIndex === tokens.length - 1 && (usedAsVerb(verb) || isBaseVerbInLexicon(verb))) ||
      loneVerb);
  // ("check you can see bubbles", "make sure they can hear you": a check on what someone can do is a step as said.)
  const checkAt = tokens.findIndex((token, at) => at <= 2 && (['check', 'ensure', 'confirm', 'verify'].includes(token.norm) || (token.norm === 'sure' && tokens[at - 1]?.norm === 'make')));
  if (checkAt >= 0 && ['you', 'they', 'we', 'everyone'].includes(tokens[checkAt + 1]?.norm ?? '') && ['can', 'could'].includes(tokens[checkAt + 2]?.norm ?? '')) {
    const { title: checked, explanation } = splitExplanation(tokens.slice(checkAt - (tokens[checkAt]!.norm === 'sure' ? 1 : 0)));
    return { kind: 'action', title: capitalise(render(checked)).replace(/[\s.,;:!?]+$/, ''), details: explanation ? asSentence(explanation) : '', source: render(clause) };
  }
  // "make sure main is green": a check on a state is a step of its own.
  if ((!usable || !verb) && checkedState(clause)) {
    // ("make sure the fan's on because the room gets smoky": why goes to the details.)
    const { title: state, explanation } = splitExplanation(tokens.slice(index));
    return { kind: 'action', title: `Make sure ${render(state)}`.replace(/[\s.,;:!?]+$/, ''), details: explanation ? asSentence(explanation) : '', source: render(clause) };
  }
  if (!usable || !verb) {
    // "The password is printed on the sleeve already": a state, not an instruction.
    const passive = index === 0 && !tokens.some((token) => ['already', 'automatically'].includes(token.norm)) ? (readPassive(tokens) ?? prohibitedPassive(tokens) ?? pronounPassive(tokens) ?? readReceives(tokens)) : null;
    if (passive) return { kind: 'action', ...passive, source: render(clause) };
    return { kind: 'statement', text: render(tokens) };
  }
  const obliged = skippedWords.some((word) => ['need', 'needs', 'have', 'has', 'must', 'should', 'got'].includes(word));
  const aboutTheTalk = subject && ['i', 'we'].includes(subject) && talkVerbs.has(verb.norm) && tokens.slice(verbIndex + 1, verbIndex + 3).some((token) => ['you', 'this', 'how'].includes(token.norm));
  const requirement = subject && ['need', 'needs', 'require', 'requires'].includes(verb.norm) && next?.norm !== 'to';
  // "like thirty seconds tops…", "hate mute": knowing and liking are never an instruction on their own.
  const stative = !subject && index === 0 && stativeVerbs.has(verb.norm) && verb.norm !== 'mind';
  // ("do it straight away", "do that yourself": doing it, said with when or who, is the instruction.)
  const vague = stative || (['do', 'does', 'did'].includes(verb.norm) && ['this', 'that', 'it', 'them', 'anything', 'nothing'].includes(next?.norm ?? '') && !doneWhen.has(tokens[verbIndex + 2]?.norm ?? '')) || (subject !== '' && stativeVerbs.has(verb.norm)) || (verb.norm === 'got' && skippedWords.some((word) => ['have', 'has'].includes(word)));
  // "they're thinking about swarming": what someone else is doing describes, it does not instruct.
  // "she'll decide if the vet needs to come", "they might ask for a receipt": what someone else will do is not an instruction to the reader.
  // ("…scratches the plates and then they rust": what things then do, with nothing acted on, is what happens.)
  const happens = ['they', 'he', 'she'].includes(subject) && verbIndex === tokens.length - 1;
  const describing =
    happens ||
    ['they', 'he', 'she'].includes(subject) &&
    ((verb.tags.has('Gerund') && skippedWords.some((word) => ['is', 'are', 'was', 'were'].includes(word))) || skippedWords.some((word) => ['will', 'would', 'might', 'may', 'could'].includes(word)));
  // ("you'll burn someone otherwise": what will happen if not, a warning, not an instruction.)
  const consequence = subject === 'you' && skippedWords.some((word) => ['will', 'would'].includes(word)) && tokens.some((token) => token.norm === 'otherwise');
  if (aboutTheTalk || requirement || vague || describing || consequence || (subject === 'you' && resultVerbs.has(verb.norm) && !obliged) || doneToReader(next)) return { kind: 'statement', text: render(tokens) };
  const rewritten = tokens.slice(index).map((token, offset) => {
    if (offset === verbIndex - index) return { ...token, text: toInfinitive(token.text) };
    return token;
  });
  const written = action(rewritten, actor);
  if (onlyMoves(written.title) || announcesTheSteps(written.title)) return { kind: 'statement', text: render(tokens) };
  return { ...written, source: render(clause) };
}

const stativeParticiples = new Set(['entitled', 'allowed', 'permitted', 'supposed', 'expected', 'designed', 'intended', 'located', 'based', 'known', 'considered', 'deemed', 'made', 'used', 'needed', 'required', 'involved', 'interested', 'qualified', 'trained', 'insured', 'licensed', 'certified']);
const expectationModals = new Set(['should', 'will', 'may', 'might', 'could', 'would', 'can']);
const references = new Set(['notes', 'note', 'doc', 'docs', 'document', 'page', 'section', 'manual', 'wiki', 'sheet', 'above', 'below', 'attached', 'appendix', 'guide', 'policy', 'sop', 'link']);
/**
 * "go back up", "get on", "walk around": going somewhere with no place or thing named is how
 * the speaker gets to the next step, not a step an editor would write.
 */
export const onlyMoves = (title: string) => /^(?:go|come|get|walk|head|move|step|climb|run|nip|pop)(?:\s+(?:back|up|down|out|in|on|over|around|round|inside|outside|again|there|here|away|off|along|through|upstairs|downstairs))*$/i.test(title.trim());

/** "(our process) works like this", "goes as follows": what the steps are is said next. */
const announcesTheSteps = (title: string) => /^\S+\s+(?:like this|like so|as follows)$/i.test(title.trim());

/**
 * "they'll assign you a grants officer", "HR gives you a badge": an action whose object is the
 * reader is what someone else does for them, never an instruction ("Assign you…" is no step).
 */
const doneToReader = (object: Token | undefined) => object?.norm === 'you';

/** "walk-ins", "drop-offs": a hyphenated word whose last part is plural names things; its first part is no verb. */
const pluralCompound = (verb: Token | undefined, next: Token | undefined) =>
  Boolean(verb && next && /^-$/.test(verb.post) && next.tags.has('Hyphenated') && /s$/.test(next.norm) && !/^-$/.test(next.post));

/**
 * "otherwise call the manager" is the other branch of the step before: its details. But
 * "Otherwise, the assistant checks the log." opens a sentence of its own with a comma: the
 * procedure goes on there, and its instruction is a step (the "otherwise" in its details).
 */
function otherBranch(tokens: Token[]): Reading {
  const statement: Reading = { kind: 'statement', text: render(tokens) };
  // ("otherwise you take a pre-auth on the card": in talk, the reader doing it goes on with the procedure too.)
  const goesOn = /,/.test(tokens[0]!.post) || ['you', 'we', 'i'].includes(tokens[1]?.norm ?? '');
  if (!goesOn || tokens.length < 4) return statement;
  const rest = readClause(tokens.slice(1));
  if (rest.kind !== 'action' || /^(?:never|do not)\b/i.test(rest.title)) return statement;
  return { ...rest, details: [asSentence(tokens[0]!.text), rest.details].filter(Boolean).join(' ') };
}

/** "(you) make sure the door is locked": the announcement was "make sure", a subject and a state follow. */
function checkedState(clause: Token[]): boolean {
  const at = clause.findIndex((token, index) => token.norm === 'sure' && ['make', 'makes', 'be'].includes(clause[index - 1]?.norm ?? ''));
  // "To make sure the kit is ready, …": a purpose, not a check.
  if (at >= 2 && clause[at - 2]?.norm === 'to') return false;
  // Only as the clause's opening: "(you should) make sure …".
  if (at < 0 || at > 4) return false;
  const rest = clause.slice(at + 1).filter((token) => token.norm !== 'that');
  // ("make sure the borrower's insurance certificate has been received": the verb may come after a long subject.)
  return rest.length >= 2 && !['you', 'we', 'i'].includes(rest[0]!.norm) && rest.slice(1, 7).some((token) => isVerb(token));
}

/** "you'll get an email", "you get blamed": what happens to someone, not what they do. */
function isResult(verb: Token | undefined, next: Token | undefined): boolean {
  if (!verb || !['get', 'gets', 'got', 'receive', 'receives'].includes(verb.norm)) return false;
  if (next && (next.tags.has('PastTense') || next.tags.has('Participle'))) return true;
  return Boolean(next && ['a', 'an'].includes(next.norm));
}

const isNounToo = (token: Token) => token.tags.has('Noun') || isNounWord(token.norm);

/** What can follow a verb the tagger read as a noun and still make it a verb: "email the manager", not "account settings". */
function startsObject(next: Token | undefined, after?: Token): boolean {
  if (!next) return false;
  // "export approved timesheets": a participle used as an adjective, then the noun.
  if ((next.tags.has('PastTense') || next.tags.has('Adjective')) && isNoun(after)) return true;
  return determiners.has(next.norm) || next.tags.has('Determiner') || next.tags.has('Pronoun') || next.tags.has('Value') || next.tags.has('ProperNoun') || next.tags.has('Acronym') || next.tags.has('Preposition') || ['to', 'into', 'onto'].includes(next.norm);
}

/** After a clause-initial word that can be a verb: "and"/"or" and another verb, or a particle and where it goes ("back to the snapshot"). */
function continuesAsVerb(next: Token | undefined, after: Token | undefined): boolean {
  if (!next || !after) return false;
  // ("stop and flush with eyewash": a verb of the trades the tagger took for a noun counts too.)
  if (['and', 'or'].includes(next.norm)) return isBaseVerb(after) || (couldBeMistaggedVerb(after) && (commonActionVerbs.has(after.norm) || isTradeVerb(after.norm)));
  return ['back', 'out', 'up', 'down', 'off', 'over', 'away'].includes(next.norm) && (after.tags.has('Preposition') || determiners.has(after.norm) || after.tags.has('Pronoun'));
}

/** Whether a verb other than a participle comes in `tokens`, leaving out words in parentheses ("(only gate used)"). */
function hasVerbOutsideAsides(tokens: Token[]): boolean {
  return outsideAsides(tokens).some((token) => isVerb(token) && !token.tags.has('PastTense') && !token.tags.has('Participle'));
}

const usedAsVerb = (token: Token) => commonActionVerbs.has(token.norm) || nounsUsedAsVerbs.has(token.norm);

/** "You should never leave the drawer open" → "Never leave the drawer open": "Never" where the words skipped before the verb say never, else "Do not". */
function negated(tokens: Token[], verbIndex: number, skipped: Token[], word: 'Never' | 'Do not' = skipped.some((token) => token.norm === 'never') ? 'Never' : 'Do not'): Reading {
  const verb = tokens[verbIndex];
  if (!verb || stateVerbs.has(verb.norm)) return { kind: 'statement', text: render(tokens) };
  // ("don't forget to check the pressure on the spare": not forgetting to do it is doing it.)
  if (verb.norm === 'forget' && tokens[verbIndex + 1]?.norm === 'to' && isBaseVerb(tokens[verbIndex + 2])) {
    const remembered = readClause(tokens.slice(verbIndex + 2));
    if (remembered.kind === 'action') return { ...remembered, source: render(tokens) };
  }
  const rest = tokens.slice(verbIndex).map((token, offset) => (offset === 0 ? { ...token, text: toInfinitive(token.text).toLowerCase() } : token));
  const reading = action(rest, '');
  return { ...reading, title: `${word} ${uncapitalise(reading.title)}`, source: render(tokens) };
}

/** The people a procedure serves: what they do is done with them, not by the team. */
const servedPeople = new Set(['guest', 'guests', 'customer', 'customers', 'client', 'clients', 'patient', 'patients', 'caller', 'callers', 'visitor', 'visitors', 'resident', 'residents', 'tenant', 'tenants', 'passenger', 'passengers', 'donor', 'donors', 'applicant', 'applicants']);

/**
 * "(the server) carries the dish to the table and confirms with the guest": the actor's next verb, after "and" or a
 * comma, before what it acts on; the reader does it too. ("checks and countersigns the form": the second of two verbs,
 * whatever the tagger made of it.) Not a verb of someone named after "before" or "when" ("…before the launch comes
 * alongside and reports ready").
 */
function actorVerbAgain(title: Token[], index: number): boolean {
  const token = title[index]!;
  const next = title[index + 1];
  const joined = index > 1 && (title[index - 1]!.norm === 'and' || /,/.test(title[index - 1]!.post));
  const actsOn = Boolean(next && (determiners.has(next.norm) || next.tags.has('Pronoun') || next.tags.has('Preposition') || particles.has(next.norm)));
  return joined && (isVerb(token) || index === 2) && isThirdPersonVerb(token) && actsOn && !title.slice(0, index).some((_, at) => subordinatorAt(title, at) > 0);
}

function action(tokens: Token[], actor: string): { kind: 'action'; title: string; details: string } {
  const { title: titleWords, explanation: said } = splitExplanation(tokens);
  const title = actor ? titleWords.map((token, index) => (actorVerbAgain(titleWords, index) ? { ...token, text: toInfinitive(token.text) } : token)) : titleWords;
  let text = render(title);
  let explanation = said;
  // "(Airbus-approved products only)": an aside at the end of the title is a detail.
  const aside = text.match(/\(([^)]*)\)?\s*$/);
  if (aside && aside.index! > 8) {
    text = text.slice(0, aside.index).trim();
    explanation = [capitalise(aside[1]!.trim()), said].filter(Boolean).join('. ');
  }
  // ("Colleagues should offer condolences": done by colleagues, people in general; a name, "Legal" or "Security" keeps its capital.)
  const who = actor.replace(/^(The|A|An|Two|Three|Four|Both|All|Each|Every|Any|Whoever) /, (article) => article.toLowerCase()).replace(/^[A-Z][a-z]+s\b/, (word) => (roleNouns.has(word.toLowerCase().replace(/s$/, '')) ? word.toLowerCase() : word));
  // ("the guest takes their stuff out", "the customer signs the slip": what the one served does, the reader has them do.)
  const served = actor && servedPeople.has(actor.toLowerCase().split(/\s+/).pop() ?? '');
  // ("the dispatcher positions themselves at the marker": what the actor does to themselves, the reader does to themselves.)
  // (Not "…whether they packed the bag themselves": there someone else is named doing it.)
  const reflexive = actor && !served && !/\b(?:they|he|she)\b/i.test(text);
  const done = text.replace(/[\s.,;:!?–—-]+$/, '').replace(reflexive ? /\b(?:themselves|himself|herself)\b/g : /$^/, 'yourself');
  const written = served ? `Have ${/^(?:the|a|an|each|every|any|both|all)\b/i.test(who) ? uncapitalise(who) : `the ${uncapitalise(who)}`} ${uncapitalise(done)}` : capitalise(done);
  const byActor = actor && !served ? asSentence(`Done by ${who}`) : '';
  return { kind: 'action', title: written, details: [byActor, explanation ? asSentence(explanation) : ''].filter(Boolean).join(' ') };
}
