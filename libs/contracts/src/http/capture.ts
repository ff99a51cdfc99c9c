import { z } from 'zod';
import {
  CAPTURE_MAX_EVENTS,
  CAPTURE_MAX_SCREENSHOTS,
  CAPTURE_NAME_MAX,
  CAPTURE_NOTE_MAX,
  CAPTURE_ROLE_PATTERN,
  CAPTURE_SCREENSHOT_MAX_SIDE,
  CAPTURE_TITLE_MAX,
  CAPTURE_URL_MAX,
  CAPTURE_VALUE_MAX,
  captureInputTypes,
  captureNavigationKinds,
  type CaptureEvent,
} from '../capture';

export * from '../capture';

/** Labels, titles and addresses are one line each (the extension collapses white space): no control characters, line breaks included. */
const line = (max: number, what: string) =>
  z
    .string()
    .max(max, `${what} must be at most ${max} characters`)
    .refine((text) => !/\p{Cc}/u.test(text), `${what} must be one line without control characters`);

const pageSchema = z
  .object({
    title: line(CAPTURE_TITLE_MAX, 'A page title'),
    url: line(CAPTURE_URL_MAX, 'A page URL'),
  })
  .strict();

const boxSchema = z
  .object({
    x: z.number().min(0),
    y: z.number().min(0),
    width: z.number().gt(0),
    height: z.number().gt(0),
  })
  .strict();

/** A little past the edge for rounding in the browser's arithmetic. */
const EDGE_SLACK = 1;

const screenshotSchema = z
  .object({
    index: z.number().int().min(0).max(CAPTURE_MAX_SCREENSHOTS - 1, `A capture can have at most ${CAPTURE_MAX_SCREENSHOTS} screenshots`),
    width: z.number().int().positive().max(CAPTURE_SCREENSHOT_MAX_SIDE),
    height: z.number().int().positive().max(CAPTURE_SCREENSHOT_MAX_SIDE),
    devicePixelRatio: z.number().positive().max(8),
    box: boxSchema.optional(),
  })
  .strict()
  .refine(
    (shot) => !shot.box || (shot.box.x + shot.box.width <= shot.width + EDGE_SLACK && shot.box.y + shot.box.height <= shot.height + EDGE_SLACK),
    'An element box must lie inside its screenshot',
  );

const targetSchema = z
  .object({
    name: line(CAPTURE_NAME_MAX, 'An element name'),
    role: z.string().regex(CAPTURE_ROLE_PATTERN, 'A role is a lower-case ARIA role name').optional(),
    inputType: z.enum(captureInputTypes).optional(),
    context: line(CAPTURE_NAME_MAX, 'An element context').optional(),
  })
  .strict();

const base = {
  /** Milliseconds since the epoch; 2000-01-01 to 2100-01-01 catches seconds or garbage. */
  at: z.number().int().min(946_684_800_000).max(4_102_444_800_000),
  tab: z.number().int().min(-1),
  page: pageSchema,
  screenshot: screenshotSchema.optional(),
};

export const captureEventSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('click'), ...base, target: targetSchema, checked: z.boolean().optional() }).strict(),
  z
    .object({
      kind: z.literal('input'),
      ...base,
      target: targetSchema,
      value: z.string().max(CAPTURE_VALUE_MAX, `A kept value must be at most ${CAPTURE_VALUE_MAX} characters`).optional(),
    })
    .strict()
    // Belt and braces: the extension never reads a password field's value, and a value that
    // reached here anyway is refused rather than stored.
    .refine((event) => event.value === undefined || (event.target.inputType !== 'password' && event.target.inputType !== 'file'), {
      message: 'A password or file field never carries its value',
      path: ['value'],
    }),
  z.object({ kind: z.literal('select'), ...base, target: targetSchema, selected: line(CAPTURE_NAME_MAX * 2, 'A selected option') }).strict(),
  z.object({ kind: z.literal('navigate'), ...base, via: z.enum(captureNavigationKinds).optional() }).strict(),
  z
    .object({
      kind: z.literal('note'),
      ...base,
      page: pageSchema.optional(),
      note: z.string().trim().min(1, 'A note needs some text').max(CAPTURE_NOTE_MAX, `A note must be at most ${CAPTURE_NOTE_MAX} characters`),
    })
    .strict(),
]);

/**
 * The `events` field of POST /api/sop/from-capture: 1 to CAPTURE_MAX_EVENTS events. Events
 * that share a screenshot agree on its size. Whether every index has its file is the route's
 * check (`captureScreenshotCount`).
 */
export const captureEventListSchema: z.ZodType<CaptureEvent[]> = z
  .array(captureEventSchema)
  .min(1, 'A capture needs at least one event')
  .max(CAPTURE_MAX_EVENTS, `A capture can have at most ${CAPTURE_MAX_EVENTS} events`)
  .superRefine((events, context) => {
    const sizes = new Map<number, string>();
    events.forEach((event, position) => {
      const shot = event.screenshot;
      if (!shot) return;
      const size = `${shot.width}x${shot.height}@${shot.devicePixelRatio}`;
      const seen = sizes.get(shot.index);
      if (seen === undefined) sizes.set(shot.index, size);
      else if (seen !== size) context.addIssue({ code: 'custom', message: `Screenshot ${shot.index} is given two sizes`, path: [position, 'screenshot'] });
    });
  });

/** How many screenshot files an event list refers to: its highest index plus one (0 without any). */
export function captureScreenshotCount(events: readonly CaptureEvent[]): number {
  return events.reduce((count, event) => (event.screenshot ? Math.max(count, event.screenshot.index + 1) : count), 0);
}

/** What POST /api/sop/from-capture answers to a capture it cannot take (400, 413 or 415). */
export const captureMessages = {
  eventsMissing: 'A capture needs its event list (the events field)',
  eventsNotJson: 'The events field must be a JSON list of capture events',
  screenshotTooLarge: 'Screenshots must be 10MB or smaller',
  tooManyScreenshots: `A capture can have at most ${CAPTURE_MAX_SCREENSHOTS} screenshots`,
  screenshotWrongType: 'Screenshots must be PNG or JPEG images',
  eventsTooLarge: 'The event list must be 2MB or smaller',
  screenshotCount: (expected: number, received: number) =>
    `The events refer to ${expected} screenshot${expected === 1 ? '' : 's'}, but ${received} ${received === 1 ? 'was' : 'were'} uploaded`,
  screenshotSize: (index: number, actual: { width: number; height: number }, declared: { width: number; height: number }) =>
    `Screenshot ${index + 1} is ${actual.width}×${actual.height} pixels, but its events say ${declared.width}×${declared.height}`,
} as const;

/** The first problem zod found in an event list, as one sentence that says where. */
export function captureEventsProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return captureMessages.eventsNotJson;
  const [position, ...rest] = issue.path;
  if (typeof position !== 'number') return issue.message;
  const field = rest.filter((part) => typeof part === 'string').join('.');
  return `Event ${position + 1}${field ? ` (${field})` : ''}: ${issue.message}`;
}
