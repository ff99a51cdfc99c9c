// Shorthand of typed text and notes, spelt out so the tagger reads it.

export function expandShorthand(text: string, notes = false): string {
  const common = shorthand.reduce((expanded, [pattern, replacement]) => expanded.replace(pattern, replacement as string), text);
  return notes ? noteShorthand.reduce((expanded, [pattern, replacement]) => expanded.replace(pattern, replacement as string), common) : common;
}

/** Shorthand of typed notes, spelt out so the tagger reads it ("chk inv w/ mgr"). */
const shorthand: [RegExp, string | ((match: string) => string)][] = [
  // "wipe the rail down cause it gets sticky", "cos otherwise it floods": spoken "because" (not "the cause of").
  [/(?<!\b(?:the|a|root|main|likely|probable|good|no)\s+)['‘]?\b(?:cause|cos|coz|cuz)\b(?=\s+(?:it|it's|they|they're|you|you're|we|i|he|she|there|the|that|otherwise|if|then|this|some|any|all|a|an|its|their|your|my|our|everyone|nobody|people|sometimes|usually|often|always|never|once|when)\b)/gi, 'because'],
  // ("spray top->bottom", "screws L->R": an arrow inside a word pair says from one to the other.)
  [/(?<=\p{L})(?:->|→)(?=\p{L})/gu, ' to '],
  // An arrow is a joint of its own (";;"), read as a semicolon and written as one.
  [/\s*(?:->|=>|→|⇒)\s*/g, ';; '],
  [/\s@\s/g, ' at '],
  [/\bmics?\b/gi, (match: string) => (match.length > 3 ? 'microphones' : 'microphone')],
  [/\bpg\b/gi, 'page'],
  [/\bppl\b/gi, 'people'],
  [/\bw\/in\b/gi, 'within'],
  [/\bw\/o\b/gi, 'without'],
  [/\bw\/(?=\s|\w)/gi, 'with '],
  [/\b(?:chk|chck)\b/gi, 'check'],
  [/\b(?:pls|plz)\b/gi, 'please'],
  [/\bb4\b/gi, 'before'],
  [/\bmgr\b/gi, 'manager'],
  [/\bcust\b/gi, 'customer'],
  [/\bqty\b/gi, 'quantity'],
  [/\bamt\b/gi, 'amount'],
  [/\bacct\b/gi, 'account'],
  [/\bappt\b/gi, 'appointment'],
  [/\bmsg\b/gi, 'message'],
  [/\bpwd\b/gi, 'password'],
  [/\b(?:recv|rcv)\b/gi, 'receive'],
  [/\btmrw\b/gi, 'tomorrow'],
  [/\b(?:sup|supv|spvr)\b/gi, 'supervisor'],
  [/\brcpt(s?)\b/gi, 'receipt$1'],
  [/\bdept\b(?!\.)/gi, 'department'],
  [/\breqd\b/gi, 'required'],
  [/\binfo\b/gi, 'information'],
];

/**
 * Shorthand only notes use, spelt out there and nowhere else ("temp" in a sentence may be a
 * temporary worker, "cab" a taxi; in "milk fridge temp < 5C" or "supply cab" they are not).
 */
const noteShorthand: [RegExp, string | ((match: string, count: string) => string)][] = [
  [/\b(?:tmpl|tmplt)\b/gi, 'template'],
  // ("key cab", "supply cab"; "stay in cab" is a vehicle's.)
  [/(?<!\b(?:in|into|the|a|of|to|from|out|my|your|our|their|lorry|truck|van|tractor|vehicle|crane|driver's)\s)\bcab\b/gi, 'cabinet'],
  [/\bver\b/gi, 'version'],
  // ("NB never on clamp alone": a leading "NB" only marks the line as one to heed.)
  [/^(\s*(?:[-*•]\s+)?)N\.?B\.?\s+(?=[a-z])/gm, '$1'],
  [/(?<=\p{L}\s)u(?=\s\p{L})/gu, 'you'],
  [/\bdesc\b/gi, 'description'],
  [/\bsched\b/gi, 'schedule'],
  [/\borig\b/gi, 'original'],
  [/\bstd\b/gi, 'standard'],
  [/\bprog\b/gi, 'program'],
  [/\btemps\b/gi, 'temperatures'],
  [/\btemp\b/gi, 'temperature'],
  [/\bmob\b/gi, 'mobile'],
  [/\bsys\b/gi, 'system'],
  [/\bdist\b/gi, 'distance'],
  [/\bapprox\b\.?/gi, 'approximately'],
  [/\breq\b/gi, 'request'],
  [/\bdocs\b/gi, 'documents'],
  [/\bdoc\b/gi, 'document'],
  [/\bmgmt\b/gi, 'management'],
  [/\bmtg\b/gi, 'meeting'],
  [/\bsvc\b/gi, 'service'],
  [/\btxt\b/gi, 'text'],
  [/\bpics\b/gi, 'photos'],
  [/\bpic\b/gi, 'photo'],
  [/\bnxt\b/gi, 'next'],
  [/\bprev\b/gi, 'previous'],
  [/\bthru\b/gi, 'through'],
  [/\b(?:b\/c|bc)\b/gi, 'because'],
  [/\bea\b/gi, 'each'],
  [/\baddr\b/gi, 'address'],
  [/\bwk\b/gi, 'week'],
  [/\bwks\b/gi, 'weeks'],
  [/\bmth\b/gi, 'month'],
  [/\byr\b/gi, 'year'],
  // ("1 hr", "24 hrs", "hrs worked": one hour, or hours.)
  [/\b(?:(1)\s?)?hrs?\b/g, (_: string, one?: string) => (one ? '1 hour' : 'hours')],
  [/\beps\b/gi, 'episodes'],
  [/\bep\b/gi, 'episode'],
  [/\bYT\b/g, 'YouTube'],
  [/\bIG\b/g, 'Instagram'],
  [/\bFB\b/g, 'Facebook'],
  // "job #", "final #s", "seal # vs BOL": the number.
  [/(?<=\w\s?)#s\b/g, ' numbers'],
  [/(?<=\w)\s?#(?=\s|$|[,;.)])/g, ' number'],
  // "within 4h", "spin 1 min", "12min": units in full.
  [/\b(\d+(?:\.\d+)?)\s?h\b/gi, (_: string, count: string) => `${count} hour${count === '1' ? '' : 's'}`],
  [/\b(\d+(?:\.\d+)?)\s?mins?\b/gi, (_: string, count: string) => `${count} minute${count === '1' ? '' : 's'}`],
];
