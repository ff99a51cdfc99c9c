// The closed word classes the structurer needs beyond the tagger, and the labels of remarks ("Note:").

/**
 * The few closed word classes the structurer needs beyond the tagger: how people pad,
 * join and qualify instructions. Open classes (verbs, nouns) come from the tagger.
 */
const words = (list: string) => new Set(list.trim().split(/\s+/));

/** Sounds and words that carry nothing when said between instructions. */
export const fillerWords = words('um umm uh uhh uhm erm er hmm mm ah eh oh okay ok alright yeah yep yes well basically actually literally like');

/** Multi-word fillers, matched before single words. */
export const fillerPhrases = [
  ['you', 'know'],
  ['i', 'mean'],
  ['i', 'guess'],
  ['kind', 'of'],
  ['sort', 'of'],
  ['so', 'yeah'],
  ['and', 'so', 'on'],
  ['that', 'is', 'it'],
  ['that', 'is', 'all'],
  // ("…and that's me done the cup of tea is optional": the speaker has finished.)
  ['that', 'is', 'me', 'done'],
  ['that', 'is', 'us', 'done'],
  ['that', 'is', 'you', 'done'],
  ['or', 'whatever'],
  ['no', 'sorry'],
  ['sorry'],
  ['let', 'me', 'think'],
  ['let', 'me', 'see'],
  ['right', 'so'],
  // What a speaker says to the listener, not about the work.
  ['bear', 'with', 'me'],
  ['trust', 'me'],
  ['believe', 'me'],
  ['if', 'that', 'makes', 'sense'],
  ['if', 'you', 'know', 'what', 'i', 'mean'],
];

/** Words and phrases that move on to the next step; dropped from titles. */
export const sequencePhrases = [
  ['and', 'then'],
  ['after', 'that'],
  ['after', 'this'],
  ['once', 'that', 'is', 'done'],
  // "when it's all done", "once everything's finished": the step before is over.
  ...['when', 'once'].flatMap((start) =>
    ['that', 'it', 'this', 'everything'].flatMap((thing) => ['done', 'finished', 'complete'].flatMap((state) => [[start, thing, 'is', state], [start, thing, 'is', 'all', state]])),
  ),
  ['once', 'done'],
  ['when', 'that', 'is', 'done'],
  ['when', 'done'],
  ['once', 'you', 'have', 'done', 'that'],
  ['when', 'you', 'are', 'done'],
  ['when', 'finished'],
  ['first', 'of', 'all'],
  // "so first off switch it off at the wall", "first thing you drop your crew off".
  ['first', 'off'],
  ['first', 'up'],
  // "before anything you walk round the tree": the first thing, not a trigger.
  ['before', 'anything', 'else'],
  ['before', 'anything'],
  ['before', 'you', 'do', 'anything'],
  ['before', 'you', 'do', 'anything', 'else'],
  ['first', 'things', 'first'],
  ['to', 'start', 'with'],
  ['to', 'begin', 'with'],
  ['to', 'start'],
  ['to', 'begin'],
  ['at', 'the', 'end'],
  ['in', 'the', 'end'],
  ['last', 'but', 'not', 'least'],
  ['last', 'of', 'all'],
  ['finally', 'of', 'all'],
  // "chain the stands in pairs, and only then release the slings".
  ['and', 'only', 'then'],
  ['only', 'then'],
  ['the', 'next', 'step', 'is'],
  ['the', 'last', 'step', 'is'],
  ['the', 'final', 'step', 'is'],
  ['then'],
  // "…another day anyway biggest pieces on the bottom": the speaker moves on.
  ['anyway'],
  ['afterwards'],
  ['afterward'],
  ['next'],
  ['finally'],
  ['lastly'],
  ['first'],
  ['firstly'],
  ['second'],
  ['secondly'],
  ['third'],
  ['thirdly'],
  ['also'],
  ['now'],
  ['so'],
  ['right'],
  ['plus'],
];

/** Openers that only announce the instruction after them: "what you do is", "the first thing is". */
export const announcements = [
  ['what', '*', 'do', 'is'],
  ['what', '*', 'have', 'to', 'do', 'is'],
  ['what', '*', 'need', 'to', 'do', 'is'],
  ['what', '*', 'want', 'to', 'do', 'is'],
  ['all', '*', 'have', 'to', 'do', 'is'],
  ['all', '*', 'need', 'to', 'do', 'is'],
  ['the', '*', 'thing', '*', '*', 'do', 'is'],
  ['the', '*', 'thing', '*', 'do', 'is'],
  ['the', '*', 'thing', 'to', 'do', 'is'],
  ['the', '*', 'thing', 'is'],
  // ("first thing you do is you look…": said without its article.)
  ['first', 'thing', '*', 'do', 'is'],
  ['first', 'thing', 'to', 'do', 'is'],
  ['first', 'thing', 'is'],
  ['the', '*', 'step', 'is'],
  ['the', 'idea', 'is'],
  ['the', 'way', 'it', 'works', 'is'],
  ['how', 'it', 'works', 'is'],
  ['the', 'way', 'we', 'do', 'it', 'is'],
  ['the', 'process', 'is'],
  ['the', 'trick', 'is'],
  ['the', 'rule', 'is'],
  ['step', '*', 'is'],
  ['step', '*'],
  ['it', 'is', 'time', 'to'],
  ['time', 'to'],
  ['go', 'ahead', 'and'],
  ['make', 'sure', 'that'],
  ['make', 'sure'],
  ['be', 'sure', 'to'],
  ['remember', 'to'],
  ['do', 'not', 'forget', 'to'],
  ['never', 'forget', 'to'],
  ['try', 'to'],
  ['please'],
  ['just'],
  ['simply'],
  ['let', 'us'],
];

/** Words between a subject and its verb that the imperative drops ("you'll want to", "we usually"). */
export const auxiliaryWords = words(
  'will shall should would must can could may might need needs needed have has had got gotta gonna wanna going want wants ought to do does did am are is be not never then usually always normally typically generally often also just first now next again still really probably definitely simply finally',
);

/** People a step's actor can be; "it", "this" and "there" never act. */
export const subjectPronouns = words('you we i they he she someone somebody everyone everybody');

/** People named by their role, who act in a procedure even when the tagger does not know the word. */
export const roleNouns = words(
  `admin admins administrator manager managers supervisor supervisors staff team teams engineer technician tech nurse doctor clerk agent agents rep
  lead owner reviewer approver driver operator cashier chef cook host guard officer member employee employees colleague assistant coordinator
  analyst accountant controller recruiter hr finance it ops security receptionist pharmacist pilot crew customer customers client clients user
  users candidate visitor visitors tenant patient patients student students teacher volunteer courier vendor supplier buyer seller auditor
  inspector dispatcher porter housekeeper waiter server bartender barista trainer trainee newcomer hire requester sender recipient legal
  compliance payroll accounts procurement marketing sales support facilities reception management leadership qa interviewer interviewers
  recruiters reviewers approvers engineers technicians nurses doctors drivers operators cashiers wardens warden concierge attendant steward
  caretaker janitor custodian paramedic surgeon dentist hygienist librarian lifeguard usher baker chemist pharmacist courier storekeeper
  foreman forewoman supervisor planner scheduler dispatcher instructor coach tutor caregiver carer housekeeper cleaner cleaners valet
  bookkeeper paralegal solicitor lawyer secretary administrator registrar therapist midwife vet veterinarian groomer trainer
  conservator curator director directors bursar gaffer dispenser invigilator assessor proctor marshal picker packer loader fitter installer
  surveyor valuer estimator referee umpire sommelier butcher florist tailor locksmith plumber joiner carpenter roofer welder superintendent
  gp gps dba ceo cfo senco
  aider aiders earner earners office adult adults
  handler handlers examiner examiners optometrist optician archivist keeper zookeeper ranger conductor guide guides runner runners chaperone`,
);

/**
 * Verbs procedures start with most often. Not how instructions are recognised (the tagger
 * does that), only the tie-breaker for a word that is both a noun and a verb at the start of
 * a terse line: "Check invoice" is an instruction, "Account settings" a label.
 */
export const commonActionVerbs = words(
  `acknowledge approve ask bump call cancel capture change charge check choose clean clear click close collect compare complete
  configure confirm connect contact contain copy count create cut decide define delete deliver deploy describe design disable
  discard discuss disinfect dispose distribute document double download draft drag drop edit email empty enable ensure enter escalate
  estimate evaluate export file fill filter find finish fix flag follow forward gather generate get give go grant hand handle hit
  hold identify import inform inspect install invite isolate issue keep label launch leave let list load lock log look make mark
  measure meet merge monitor mop move navigate note notify number offer open order organise organize pack page paste pay pick
  place plan plug post prepare present press print prioritise prioritize process promote provide publish pull push put read
  reconcile record refill refresh register reject release remind remove rename reopen repeat replace reply report request reset
  resolve restart restock restore return review rinse run sanitise sanitize save scan schedule scroll scrub seal search secure
  select send set settle share ship shut sign sort start stop store submit sweep swipe switch tag take tap tell test tick track
  train transfer triage turn type unlock unpack unplug update upload use validate verify visit wait walk warn wear weigh wrap
  lift lower raise wash wipe fit attach apply pour fold hang fetch bring carry spray tidy stack unload greet soak scrape stir
  tighten loosen fasten detach insert mount inflate deflate refuel swap`,
);

/** Phrases that open an explanation inside a sentence: the title stops before them. */
export const explanationPhrases = [
  ['so', 'that'],
  ['eg'],
  ['ie'],
  ['for', 'example'],
  ['for', 'instance'],
  ['such', 'as'],
  ['in', 'order', 'to'],
  ['to', 'make', 'sure'],
  ['to', 'ensure'],
  ['to', 'avoid'],
  ['because'],
  ['since'],
  ['which'],
  ['otherwise'],
  ['as', 'this'],
  ['as', 'that'],
  ['as', 'it'],
  ['so'],
];

/** Conjunctions that open a condition: the step's action is the clause after it. */
export const conditionStarts = words('if unless');

/** Conjunctions that open a trigger ("once the page loads, click Save"). */
export const triggerStarts = words('once when whenever after before until while');

/** Words that open a case or a when-clause: a subject right after one is that clause's ("before you start"). */
export const subordinators = new Set([...conditionStarts, ...triggerStarts, 'till']);

/** Multi-word triggers and conditions. */
export const triggerPhrases = [
  ['as', 'soon', 'as'],
  ['in', 'case'],
  ['as', 'long', 'as'],
  ['only', 'if'],
  ['only', 'when'],
  ['even', 'if'],
  ['if', 'not'],
];

/** Words after which a verb is not a new instruction ("want to check", "how to reset"). */
export const verbGovernors = words('to not never how let lets help make makes please can could will would should must may might do does did dont');

/** Determiners and possessives: a word after them is a noun phrase, never a new clause. */
export const determiners = words('the a an this that these those my your our their his her its each every any some no another');

/** Verbs of knowing, wanting and owning: what someone is, not what they do ("the customer knows", "HR owns the list"). */
export const stativeVerbs = words(
  'know knows knew understand understands think thinks believe believes want wants like likes love loves hate hates seem seems mean means realise realises realize realizes hope hopes wish wishes prefer prefers care cares mind minds matter matters belong belongs own owns depend depends deserve deserves cost costs',
);

/** When or by whom a thing is done, said right after "do it": "straight away", "now", "yourself". */
export const doneWhen = words('straight right immediately now yourself first today');

/** The verbs "to be" and "to have", which make statements rather than instructions. */
export const stateVerbs = words('be is are was were been being am has have had seem seems looks');

/** Verbs whose object is followed by a bare verb it does or is let do: "see the gauge go green", "had a guy lose a permit", "let it settle". */
export const perceivingVerbs = words('see saw seen watch watched hear heard feel felt notice noticed let make made help had');

/** Words of a time said before a clause ("The day before, …", "Each morning, …"). */
export const timeWords = words('day days morning mornings afternoon evening night week weekend month shift before after previous next following same arrival');

/** Words that label a remark rather than a step: "Note:", "Warning:". */
const remarkWords = '(?:note|nb|n\\.b\\.|tip|hint|fyi|ps|p\\.s\\.|remember|important|warning|caution)';
export const remark = new RegExp(`^${remarkWords}\\s*[:!–—-]\\s*\\S`, 'i');
const remarkLabel = new RegExp(`^${remarkWords}$`, 'i');
export const isRemarkLabel = (label: string) => remarkLabel.test(label.replace(/[\s:]+$/, ''));

/** What a fault does, said in notes as what is found ("leak at the seal", "drips"): never an instruction to the reader. */
export const faultWords = new Set(['leak', 'leaks', 'leaking', 'drip', 'drips', 'dripping', 'overheat', 'overheats', 'overheating', 'spark', 'sparks', 'sparking', 'buzz', 'buzzing', 'hiss', 'hissing', 'rattle', 'rattling', 'squeal', 'squealing', 'flicker', 'flickering', 'overflow', 'overflowing']);

/** Verbs of checking: what they check is said after them ("check that…", "check their toes go pink"). */
export const checkingVerbs = words('check checks ensure ensures confirm confirms verify verifies test tests inspect inspects');
