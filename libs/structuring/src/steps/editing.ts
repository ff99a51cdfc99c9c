// The last edit of a spoken step's title, and who "them" is in it.
import { capitalise } from '../clauses/instruction';
import type { Token } from '../language/tokens';

/**
 * The last pass a careful editor makes over a spoken step's title: the plain verb for a
 * phrasal one ("keep an eye on" → "Monitor"), the person for "them" ("Greet them" → "Greet
 * the guest"), and no talk left at the end ("…obviously").
 */
const plainVerbs: [RegExp, string][] = [
  [/^keep an eye on\b/i, 'Monitor'],
  [/^keep an eye out for\b/i, 'Watch for'],
  [/^(?:have|take) a (?:quick )?look at\b/i, 'Check'],
  [/^get rid of\b/i, 'Discard'],
  [/^let (\S+(?: \S+)?) know\b/i, 'Notify $1'],
  [/^point (\S+(?: \S+)?) (to|towards|at)\b/i, 'Direct $1 $2'],
  [/^take (\S+(?: \S+){0,3}) out\b(?! of\b)/i, 'Remove $1'],
  [/^take out\b/i, 'Remove'],
  // Words of speech for the plain verb: "grab the keys", "pop it in the bag", "jot it down", "fire up the till"
  // ("stick the label on" says how, and stays).
  [/^grab\b/i, 'Take'],
  [/^(?:pop|chuck|bung)\b(?=\s+\S+(?:\s+\S+){0,3}\s+(?:in|into|on|onto|under|through|back)\b)/i, 'Put'],
  [/^jot (\S+(?: \S+){0,2}) down\b/i, 'Write down $1'],
  [/^jot down\b/i, 'Write down'],
  [/^fire up\b/i, 'Start'],
  // "take photos of the damage" → "Photograph the damage"; "give the tray a quick wipe" → "Wipe the tray".
  [/^take (?:a |some |two |a couple of )?(?:photos?|pictures?|pics?|snaps?) of\b/i, 'Photograph'],
  // ("give them a hose down" → "Hose them down", "give it a light sand" → "Lightly sand it": how, said as the adverb;
  // "a final rinse" stays as said, the plain verb would lose that it is the last.)
  [/^give (\S+(?: \S+){0,3}) a (light|gentle|firm|thorough|sharp) (sand|tug|press|squeeze|brush|wipe|clean|rinse|scrub|spray|shake|stir|polish|wash|tap|push|pull)\b/i, '$2ly $3 $1'],
  [/^give (\S+(?: \S+){0,3}) a (?:quick |good |proper |little )?(wipe|clean|rinse|scrub|sweep|spray|shake|stir|mop|polish|dust|wash|hose|dunk|sand|tug|spritz|brush|squirt|soak|rub|buff|flush|hoover|trim|tap)\b/i, '$2 $1'],
];

/** Words of talk that end a spoken title without adding anything to it. */
const trailingTalk = /(?:\s+(?:obviously|basically|anyway|anyways|as well|or whatever|or something|and stuff|and everything|you know|i guess|i think|though|right|never|always))+$/i;

/** Verbs whose object is a person: "them" there is the person the description is about. */
const personVerbs = new Set(
  'greet welcome thank ask tell call phone ring text email notify remind direct point show escort walk introduce help seat give send let offer warn book register enrol enroll weigh photograph'.split(' '),
);

/**
 * The people a procedure serves: "them" in a step is almost always one of these, not the staff
 * who act in it ("a trainer has to sign it off… then give them the tour" means the member).
 */
const people = new Set(
  `guest guests caller callers parent parents child children resident residents member members starter starters applicant applicants passenger
  passengers shopper shoppers diner diners customer customers client clients patient patients visitor visitors tenant tenants student students
  user users candidate candidates newcomer hire trainee requester sender recipient employee employees owner owners buyer buyers learner learners`.split(/\s+/),
);

/** Remembers the person a description last named ("when a guest comes up to the desk"). */
export class PersonTracker {
  private person: string | null = null;

  /** Reads a clause for the last person it names. */
  see(tokens: Token[]) {
    for (let index = 0; index < tokens.length; index++) {
      const token = tokens[index]!;
      const before = tokens[index - 1];
      // "the guest", "a new patient": a person after an article or an adjective, not "customer service".
      if (people.has(token.norm) && token.text !== 'IT' && !people.has(tokens[index + 1]?.norm ?? '') && (before?.tags.has('Determiner') || before?.tags.has('Adjective') || before?.tags.has('Possessive'))) {
        const plural = /s$/.test(token.norm) || token.norm === 'children';
        this.person = plural ? null : `the ${token.norm}`;
      }
    }
  }

  get current(): string | null {
    return this.person;
  }
}

/** "Greet them obviously" → "Greet the guest"; "Keep an eye on the dashboard" → "Monitor the dashboard". */
export function editSpokenTitle(title: string, person: string | null): string {
  let edited = title.replace(trailingTalk, '');
  for (const [pattern, replacement] of plainVerbs) {
    if (pattern.test(edited)) {
      edited = edited.replace(pattern, replacement);
      break;
    }
  }
  const verb = edited.split(/\s+/)[0]!.toLowerCase();
  if (person && personVerbs.has(verb)) edited = edited.replace(/^(\S+(?:\s+(?:in|over|through|back))?)\s+(?:them|him|her)(?=\s|$)/i, `$1 ${person}`);
  edited = edited.replace(/^Notify (?:them|him|her)\b/i, (match) => (person ? `Notify ${person}` : match));
  // "Take the keys off them", "Hand the receipt to them": after a preposition of giving or taking, "them" is the person.
  if (person) edited = edited.replace(/\s(from|off|to|with)\s+(?:them|him|her)(?=\s|$)/i, ` $1 ${person}`);
  return capitalise(edited);
}
