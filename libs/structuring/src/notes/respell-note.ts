// Notes that put the thing first ("door shut"), said as instructions ("Shut the door").
import { isOutcome, isState } from './case-labels';
import { commonActionVerbs, conditionStarts, determiners, roleNouns, triggerStarts } from '../language/lexicon';
import { asSentence, capitalise } from '../clauses/instruction';
import { outsideAsides } from '../clauses/words';
import { canBeVerb, isNoun, isNounWord, isVerb, nounsUsedAsVerbs, render, toInfinitive, type Token } from '../language/tokens';

/**
 * Terse notes put the thing first and what happens to it last: "old filters out", "door
 * shut", "mic check". Said as an instruction, the verb comes first.
 */
const thingThenDoing: Record<string, (thing: string) => string> = {
  open: (thing) => `Open ${thing}`,
  opened: (thing) => `Open ${thing}`,
  shut: (thing) => `Shut ${thing}`,
  closed: (thing) => `Close ${thing}`,
  out: (thing) => `Remove ${thing}`,
  in: (thing) => `Put ${thing} in`,
  on: (thing) => (switched(thing) ? `Turn ${thing} on` : `Put ${thing} on`),
  off: (thing) => (switched(thing) ? `Turn ${thing} off` : `Take ${thing} off`),
  check: (thing) => `Check ${thing}`,
  checked: (thing) => `Check ${thing}`,
  test: (thing) => `Test ${thing}`,
  tested: (thing) => `Test ${thing}`,
  cleaned: (thing) => `Clean ${thing}`,
  wiped: (thing) => `Wipe ${thing}`,
  removed: (thing) => `Remove ${thing}`,
  replaced: (thing) => `Replace ${thing}`,
  emptied: (thing) => `Empty ${thing}`,
  refilled: (thing) => `Refill ${thing}`,
  signed: (thing) => `Sign ${thing}`,
  labelled: (thing) => `Label ${thing}`,
  labeled: (thing) => `Label ${thing}`,
};

/** Things put on or taken off rather than switched: what is worn, and covers ("harness on", "lid off"). */
const fitted = new Set('lid lids cover covers cap caps hood guard guards gloves glove apron aprons suit harness mask masks goggles glasses visor helmet hat boots overalls gown gowns coat hi-vis vest earplugs ear defenders wristband badge lanyard top tarp sheet blanket film sleeve sleeves liner liners wrap bib bibs hairnet respirator ppe scrubs jacket shoes waders lifejacket'.split(' '));
const wornOrFitted = (thing: string) => fitted.has(thing.toLowerCase().split(/\s+/).pop() ?? '');

/** Things switched on and off: machines, power and supplies ("heater on", "pumps off"); other things are put on or taken off ("barcode label on"). */
const switchable = new Set(
  'light lamp heater heating fan pump power machine oven grill hob kettle urn fryer dishwasher computer pc laptop screen monitor projector tv radio alarm system printer till terminal camera extractor aircon ac a/c boiler engine motor generator genny compressor vacuum vac hoover tap water gas fridge freezer lift ignition blower dryer washer router wifi server mic microphone speaker amp mixer console socket switch breaker isolator supply mains electrics valve burner steamer hotplate heat fire music sound pa cctv ventilation vent extraction phone tablet device unit display sign beacon strobe timer battery batteries hose bulb belt treadmill'.split(' '),
);
/** The thing's last word, without "back" ("isolators back on") and a plural's "s". */
const switched = (thing: string) => {
  const last = thing.toLowerCase().replace(/\s+back$/, '').split(/\s+/).pop() ?? '';
  return !wornOrFitted(thing) && (switchable.has(last) || switchable.has(last.replace(/(?:es|s)$/, '')) || switchable.has(last.replace(/s$/, '')) || !/^[a-z]/i.test(thing));
};

/** "access door open" → "Open access door"; "total vs last run" → "Compare total with last run"; null when the note says it another way. */
export function respellNote(tokens: Token[]): string | null {
  const words = tokens.filter((token) => token.text.trim() !== '');
  // ("hooch on top?" asks; it says nothing to do. "once everyone's out" says when, and "everyone's" hides an "is".)
  if (words.length < 2 || words.length > 9 || /\?/.test(words[words.length - 1]!.post)) return null;
  // ("power on servers", "work out to the corners": a verb with its particle is an instruction already.)
  if (triggerStarts.has(words[0]!.norm) || conditionStarts.has(words[0]!.norm) || (words[0]!.tags.has('PhrasalVerb') && words[1]!.tags.has('Particle') && Boolean(words[2] && (isNoun(words[2]) || words[2].norm === 'to'))) || tokens.some((token) => token.text.trim() === '' && token.tags.has('Copula'))) return null;
  // ("back off", "stand back": a verb and its particle alone move the reader; nothing is taken off.)
  if (words.length === 2 && ['back', 'stand', 'stay', 'keep'].includes(words[0]!.norm) && ['off', 'back', 'away', 'clear', 'out'].includes(words[1]!.norm)) return null;
  // The state word closes the note or comes before where or when it happens: "valve B closed at the manifold", "door unlocked 7am".
  const stateAt = words.findIndex((token, index) => index > 0 && (token.norm in thingThenDoing || isDone(token)) && (index === words.length - 1 || places.has(words[index + 1]!.norm) || (isDone(token) && (closesState(words, index + 1) || words[index + 1]!.norm === 'not'))));
  if (stateAt > 0 && stateAt <= 5) {
    // ("lid back on", "filters back in": the thing goes back where it was. In talk the tagger may take "lid" for a
    // verb; no verb list knows it, so it is the thing; "plug back in" is a verb.)
    const backThing = words.slice(0, stateAt - 1);
    const back = stateAt > 1 && stateAt === words.length - 1 && words[stateAt - 1]!.norm === 'back' && ['on', 'in'].includes(words[stateAt]!.norm);
    if (back && backThing.every((token) => /^[a-z-]+$/i.test(token.text) && !token.tags.has('Pronoun') && !determiners.has(token.norm) && (!canBeVerb(token.norm) || fitted.has(token.norm)))) {
      return thingThenDoing[words[stateAt]!.norm]!(render(backThing).replace(/[\s,]+$/, '')).replace(/ (on|in)$/, ' back $1');
    }
    const thing = words.slice(0, stateAt);
    // The thing must be a bare noun phrase: "staff in hi-vis", "recount any shelf over 2% out" or "if it is open" are not this.
    const bareThing = isBareThing(thing);
    const where = `${words[stateAt + 1]?.pre.trim() ?? ''}${render(words.slice(stateAt + 1))}`.replace(/[\s.,;:!?]+$/, '');
    if (bareThing && !/[,;:]/.test(render(thing))) {
      const state = words[stateAt]!;
      const doing = thingThenDoing[state.norm] ?? ((named: string) => `${capitalise(toInfinitive(state.norm))} ${named}`);
      // "glasses washed / racked": two things done to it.
      const also = words[stateAt + 1]?.text === '/' && words[stateAt + 2] && isDone(words[stateAt + 2]!) ? words[stateAt + 2]! : null;
      const title = also ? doing(render(thing)).replace(/^(\S+)/, `$1 and ${toInfinitive(also.norm)}`) : doing(render(thing));
      return capitalise([title, also ? render(words.slice(stateAt + 3)).replace(/[\s.,;:!?]+$/, '') : where].filter(Boolean).join(' '));
    }
  }
  // "float in till", "charger in drawer 2", "final numbers to catering": where a thing goes, said as putting or sending it there.
  const placeAt = words.findIndex((token, index) => index > 0 && index <= 4 && (['in', 'into', 'on', 'onto', 'inside', 'to'].includes(token.norm) || (token.norm === 'from' && !words.slice(0, index).some((word) => /[(),]/.test(word.pre + word.post)))));
  const place = words[placeAt + 1];
  // ("the drone always in that order", "cables in turn": in an order is how, not where; "frames back in the same order" go back.)
  const inOrder = placeAt > 0 && words[placeAt]!.norm === 'in' && words[placeAt - 1]!.norm !== 'back' && words.slice(placeAt + 1, placeAt + 4).some((token) => ['order', 'sequence', 'turn', 'reverse'].includes(token.norm));
  // ("105°C on thermo" is a reading, not a thing put somewhere; "no clips on the image" forbids.)
  if (placeAt > 0 && place && !inOrder && !['no', 'not', 'never', 'none', 'nothing'].includes(words[0]!.norm) && !words.slice(0, placeAt).some((token) => token.tags.has('Value') && !/[a-z]{3,}/i.test(token.text)) && !['Time', 'Value', 'Pronoun', 'WeekDay', 'Month'].some((tag) => place.tags.has(tag)) && !(place.tags.has('Date') && !/^[A-Z]{2,}$/.test(place.text)) && isBareThing(words.slice(0, placeAt)) && !nounsUsedAsVerbs.has(words[0]!.norm) && !words.slice(0, placeAt).some((token) => token.tags.has('Actor') || token.tags.has('Person') || roleNouns.has(token.norm)) && !words.slice(placeAt + 1).some((token) => isVerb(token) && !token.tags.has('Gerund') && !isNounWord(token.norm))) {
    // "glasses from dishwasher": taken from there. ("final numbers to catering", "deposit back to organiser": sent there; "stand to side", "size new tip
    // to heel" open with their verb, and "diagonal to joints" names no thing.)
    const thing = words.slice(0, placeAt);
    // ("tip onto tray", "pour into the jug": a verb alone before "onto" or "into" is the instruction.)
    if (thing.length === 1 && ['onto', 'into'].includes(words[placeAt]!.norm) && canBeVerb(thing[0]!.norm) && isVerb(thing[0]) && !thing[0]!.tags.has('Plural') && !thing[0]!.tags.has('Adverb') && !thing[0]!.tags.has('Adjective')) return null;
    if (words[placeAt]!.norm === 'to' && words[placeAt - 1]!.norm !== 'back' && (isBareVerb(thing[0]!) || !thing.some((token) => isNoun(token)))) return null;
    const verb = words[placeAt]!.norm === 'to' ? 'Send' : words[placeAt]!.norm === 'from' ? 'Take' : 'Put';
    return `${verb} ${render(words)}`.replace(/[\s.,;:!?]+$/, '');
  }
  const versus = words.findIndex((token) => ['vs', 'v', 'versus'].includes(token.norm.replace(/\.$/, '')));
  if (versus > 0 && versus < words.length - 1 && !commonActionVerbs.has(words[0]!.norm) && !words.some((token) => isVerb(token) && !token.tags.has('Gerund') && !isNounWord(token.norm))) {
    return `Compare ${render(words.slice(0, versus))} with ${render(words.slice(versus + 1)).replace(/[\s.,;:!?]+$/, '')}`;
  }
  return null;
}

/** "stand", "size": a word the tagger reads as a verb in the base form, not a thing ("plates", "kit"). */
const isBareVerb = (token: Token) => isVerb(token) && !token.tags.has('Plural') && !token.tags.has('PastTense') && !token.tags.has('Gerund') && canBeVerb(token.norm);

/** A bare noun phrase naming a thing: not "staff in hi-vis", "recount any shelf over 2% out" or "if it is open". */
export function isBareThing(thing: Token[]): boolean {
  return (
    thing.length > 0 &&
    !commonActionVerbs.has(thing[0]!.norm) &&
    thing.every(
      (token, index) =>
        !token.tags.has('Pronoun') &&
        // ("signed-for items": a hyphenated word is one word.)
        !(token.tags.has('Preposition') && !token.tags.has('Hyphenated')) &&
        !token.tags.has('Conjunction') &&
        // "signed forms": a participle before its noun describes it.
        // ("hanging baskets", "bedding plants": a gerund before its noun names a kind of thing.)
        !(isVerb(token) && !isNounWord(token.norm) && !isNounWord(token.norm.replace(/s$/, '')) && !((token.tags.has('PastTense') || token.tags.has('Gerund')) && index < thing.length - 1)) &&
        !(index > 0 && determiners.has(token.norm)) &&
        // "reds stay (out)": a thing then where it stays is a rule, not a thing.
        !(index > 0 && staying.has(token.norm)),
    )
  );
}

/** "washed", "restocked", "set": a past participle of a verb that can be an instruction. */
const isDone = (token: Token) =>
  !token.tags.has('Gerund') && (((token.tags.has('PastTense') || token.tags.has('Participle')) && /ed$/.test(token.norm)) || ['set', 'shut', 'put', 'cut'].includes(token.norm)) && canBeVerb(toInfinitive(token.norm));

/** What may follow a state said of a thing: a time, an amount, an aside, or a second state after a slash. */
const closesState = (words: Token[], at: number) => {
  const next = words[at];
  if (!next) return true;
  if (next.text === '/') return Boolean(words[at + 1] && isDone(words[at + 1]!) && at + 2 >= words.length);
  return next.tags.has('Date') || next.tags.has('Time') || next.tags.has('Value') || /\(/.test(next.pre);
};

const places = new Set(['at', 'in', 'on', 'to', 'from', 'into', 'onto', 'with', 'by', 'behind', 'under', 'inside', 'outside']);

/** Verbs of staying put: "reds stay out", "spare keys remain in the safe". */
const staying = new Set(['stay', 'stays', 'remain', 'remains', 'belong', 'belongs', 'live', 'lives', 'sit', 'sits']);

/** Places a note records things in, rather than puts them: "name + mobile -> repair system". */
const recordPlaces = new Set('form forms sheet log book logbook system spreadsheet register ticket chart record notes crm pos tracker'.split(' '));
/** Places things go on, not in. */
const surfacePlaces = new Set('standby shelf table desk counter rack hook hold charge trolley cart tray pallet bench stand board top wall sheet form forms chart ticket'.split(' '));

/**
 * "keys -> safe", "whites + rosé -> fridge by 10:30", "projector -> standby": in notes, a thing
 * before an arrow and a bare place after it is where the thing goes.
 */
export function thingToPlace(thing: Token[], written: Token[]): { title: string; details: string } | null {
  const things = thing.filter((token) => token.text.trim() !== '');
  // ("Needles (insulin, butterfly, IV) → yellow bin": what an aside lists is the thing's kinds, whatever words they are.)
  const named = outsideAsides(things);
  // ("copy of ticket -> tray", "bag of coins": a thing of a thing is one thing, whatever verb its first word can be.)
  const ofAt = named.findIndex((token, index) => token.norm === 'of' && index > 0 && index < named.length - 1);
  const bareThing = ofAt > 0 ? named.slice(0, ofAt).every((token) => token.tags.has('Noun') || token.tags.has('Adjective')) && isBareThing(named.slice(ofAt + 1)) : isBareThing(named);
  // ("ANY DEFECT -> RED TAG", "damaged/blunt -> repair tray": a case before the arrow is a condition, not a thing.)
  // ("Pass → green label": an outcome is a case, not a thing.)
  if (named.length === 0 || named.length > 5 || !bareThing || isOutcome(things) || ['any', 'no', 'every', 'all'].includes(things[0]!.norm) || isState(named[named.length - 1]) || respellNote(things) || named.some((token) => token.tags.has('Value') || token.tags.has('Time'))) return null;
  // "projector -> standby (NOT off, lamp needs to cool)": the aside is not the place.
  const aside = written.findIndex((token, index) => index > 0 && /\(/.test(token.pre + written[index - 1]!.post));
  // "ILL items -> blue bag, courier Tue/Thu": what follows a comma is a note on the step.
  const comma = written.findIndex((token, index) => index < written.length - 1 && /[,;]/.test(token.post));
  const placeEnd = [aside, comma >= 0 ? comma + 1 : -1].filter((at) => at > 0).reduce((first, at) => Math.min(first, at), written.length);
  const place = written.slice(0, placeEnd);
  const note = render(written.slice(placeEnd)).trim().replace(/^\(?(.*?)\)?$/, '$1');
  const at = place.findIndex((token) => token.tags.has('Preposition'));
  const head = at < 0 ? place : place.slice(0, at);
  const rest = at < 0 ? [] : place.slice(at);
  if (head.length === 0 || head.length > 3 || !isBareThing(head) || head.some((token) => token.tags.has('Value') || token.tags.has('Time') || token.tags.has('Date') || (isVerb(token) && !isNounWord(token.norm)))) return null;
  // What may follow the place: when or how long ("by 10:30"), never another action.
  if (rest.some((token) => isVerb(token) && !isNounWord(token.norm) && !token.tags.has('Gerund'))) return null;
  const last = head[head.length - 1]!.norm;
  const verb = recordPlaces.has(last) ? 'Record' : 'Put';
  const bare = (tokens: Token[]) => render(tokens).replace(/[\s.,;:!?(]+$/, '');
  // ("Halogenated solvents → carboy" → "Put halogenated solvents in carboy"; "ILL items" keeps its capitals.)
  const thingText = /^[A-Z][a-z]/.test(things[0]!.text) && !things[0]!.tags.has('ProperNoun') ? `${things[0]!.text.toLowerCase()}${render(things).slice(things[0]!.text.length)}` : render(things);
  return { title: capitalise(`${verb} ${thingText.replace(/[\s.,;:!?(]+$/, '')} ${surfacePlaces.has(last) ? 'on' : 'in'} ${bare(place)}`), details: note ? asSentence(note) : '' };
}
