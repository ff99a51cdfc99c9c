// Reading a description's layout: headings, list items with their sub-items, and running text.

/** The layout of a description: headings, list items with their sub-items, and running text. */
export type Block =
  | { kind: 'heading'; text: string }
  | {
      kind: 'item';
      text: string;
      children: string[];
      /** Lines that go on below the item's first line, unindented: its details as written. */
      continuation?: string[];
      /** Whether its sub-items are indented under it (not only marked otherwise at its margin). */
      nested?: boolean;
      /** "1. **Desk reset**": its first line was all in bold, as a heading is. */
      bold?: boolean;
    }
  | { kind: 'paragraph'; text: string; /** A line of notes among numbered ones ("1. de-shive casks" then "pre-rinse cold"). */ note?: boolean };

type MarkerKind = 'number' | 'letter' | 'roman' | 'bullet' | 'step' | 'checkbox';

interface Line {
  indent: number;
  text: string;
  marker?: MarkerKind;
  /** The marker as typed ("a)", "-"), kept on sub-items so branches read as written. */
  markerText?: string;
  /** Its words were all in bold. */
  bold?: boolean;
}

const markers: [MarkerKind, RegExp][] = [
  ['step', /^((?:step|task|stage|phase)\s+(?:\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten)\s*[:.)–-])\s*(.*)$/i],
  ['number', /^(\(?\d{1,3}(?:\.\d{1,2})*[.):\]]|\d{1,3}\s+[-–])\s+(.*)$/],
  ['checkbox', /^([-*•]?\s*(?:\[[ xX]?\]|[☐☑☒□■✓✔]))\s*(.*)$/],
  ['roman', /^(\(?(?:i{1,3}|iv|vi{0,3}|ix|x)[.)])\s+(.*)$/],
  ['letter', /^(\(?[a-hA-H][)]|[a-h][.])\s+(.*)$/],
  // ("-80 freezer alarm", "+5 V rail": a signed number, not a bullet.)
  ['bullet', /^([-+](?!\d)|[*•–—·▪►>]|=>|->)\s*(.*)$/],
];

/** "**Before starting**", "__Checks:__": a line in bold is a heading, not a bullet. */
const boldLine = /^(\*\*|__)(.+?)\1\s*:?$/;

/** "3. **Unbox** in the staging area": Markdown emphasis pasted from a wiki is not part of the words. */
const withoutEmphasis = (text: string) => text.replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2');

/**
 * "1 visual first: cable, plug", "2 open plug": notes that number lines with a bare number. Only
 * a run counted from 1 is numbering ("2 pickers per row", "10 samples" say how many).
 */
function bareNumbered(raw: string[]): Set<number> {
  const numbered = new Set<number>();
  let expected = 1;
  let run: number[] = [];
  raw.forEach((line, index) => {
    const number = /^\s*(\d{1,2})\s+\p{L}/u.exec(line)?.[1];
    if (number === undefined) return;
    if (Number(number) === expected) {
      run.push(index);
      expected++;
    } else if (Number(number) === 1) {
      run = [index];
      expected = 2;
    }
    if (run.length >= 3) run.forEach((at) => numbered.add(at));
  });
  return numbered;
}

function readLine(raw: string): Line {
  const expanded = raw.replace(/\t/g, '    ');
  const indent = expanded.length - expanded.trimStart().length;
  const text = expanded.trim();
  if (boldLine.test(text)) return { indent, text };
  for (const [kind, pattern] of markers) {
    const match = pattern.exec(text);
    if (match && match[2]!.trim().length > 0) return { indent, text: withoutEmphasis(match[2]!.trim()), marker: kind, markerText: match[1]!, ...(boldLine.test(match[2]!.trim()) ? { bold: true } : {}) };
  }
  return { indent, text: withoutEmphasis(text) };
}

/** A line that names what follows rather than saying what to do: "# Month-end close", "Closing:". */
function isHeading(line: Line, next: Line | undefined, notes = false): boolean {
  if (/^#{1,6}\s/.test(line.text) || boldLine.test(line.text)) return true;
  if (line.text.length > 90) return false;
  if (/:$/.test(line.text)) return true;
  // ("kit: tester, labels, log sheet": in notes a label with what it is about is a note.)
  if (notes && /\S:\s+\S/.test(line.text)) return false;
  // ("after 8.50 → all pupils via main office", its arrow read as a semicolon: in notes such a line says what to do, it heads nothing.)
  if (notes && /->|→|=>|;/.test(line.text)) return false;
  // A short first line with no closing punctuation, directly above a list.
  return Boolean(next?.marker) && !/[.!?;,]$/.test(line.text) && line.text.split(/\s+/).length <= 8;
}

/** A short line without closing punctuation, as a procedure's name is written: "PAT – office kit, annual". */
export const namesProcedure = (text: string) => !/[.!?;:,]$/.test(text) && text.split(/\s+/).length <= 10;

const headingText = (text: string) =>
  text
    .replace(/^#{1,6}\s+/, '')
    .replace(boldLine, '$2')
    .replace(/\s*:$/, '')
    .trim();

/**
 * Splits a description into blocks. With two or more list items, items of the first
 * item's kind and indentation are steps and everything nested under them (deeper
 * indentation, another marker kind, continuation lines) stays with its item. Without a
 * list, each paragraph (and each line of terse notes, `lines`) is running text.
 */
export function readBlocks(text: string, options: { lines?: boolean } = {}): Block[] {
  const raw = text.replace(/\r\n?/g, '\n').split('\n');
  const numbered = bareNumbered(raw);
  const lines = raw.map((line, index) => (line.trim() ? readLine(numbered.has(index) ? line.replace(/^(\s*\d{1,2})\s/, '$1. ') : line) : null));
  const marked = lines.filter((line): line is Line => Boolean(line?.marker));
  const blocks: Block[] = [];
  if (marked.length >= 2) {
    const top = marked[0]!;
    let current: Extract<Block, { kind: 'item' }> | null = null;
    let currentMarker: MarkerKind | undefined;
    let blankBefore = false;
    lines.forEach((line, index) => {
      if (!line) {
        blankBefore = true;
        return;
      }
      const next = lines.slice(index + 1).find(Boolean) ?? undefined;
      // After a heading or a paragraph, a list of any kind at the top level holds steps ("**Checks**" then "1. …").
      // ("- sign in at the gate" then "1. open each box" at the same margin: numbered lines after a bullet that
      // does not end on a colon are steps of their own, not its sub-items.)
      const numbersAfterBullet = line.marker === 'number' && line.indent <= top.indent && currentMarker === 'bullet' && !/:$/.test((current as Extract<Block, { kind: 'item' }> | null)?.text ?? ':');
      const isTop = Boolean(line.marker) && line.indent <= top.indent + 1 && (line.marker === top.marker || !current || line.marker === currentMarker || numbersAfterBullet);
      if (isTop) {
        current = { kind: 'item', text: line.text, children: [], ...(line.bold ? { bold: true } : {}) };
        currentMarker = line.marker;
        blocks.push(current);
      } else if (current && !options.lines && !line.marker && line.indent <= top.indent && !blankBefore && !isHeading(line, next)) {
        // "1. Plan the audit" over "Using the schedule, confirm…": a line that goes on below an item, unindented, is more of the item.
        const item = current as Extract<Block, { kind: 'item' }>;
        if (item.children.length > 0) item.children.push(line.text);
        else (item.continuation ??= []).push(line.text);
      } else if (current && options.lines && !line.marker && line.indent <= top.indent && !isHeading(line, next)) {
        // "1. de-shive all casks" "2. sniff test" then "pre-rinse cold…", "- relock every box" then "after round: …":
        // in notes an unmarked line at the list's margin is a note of its own, not more of the item above it.
        blocks.push({ kind: 'paragraph', text: line.text, note: true });
        current = null;
      } else if (current && (line.marker || line.indent > top.indent || (!blankBefore && (options.lines || !isHeading(line, next))))) {
        // ("- Linen on all tables." then "Morning of (from 8am)" over more items: a short unmarked line at the list's margin heads what follows.)
        (current as Extract<Block, { kind: 'item' }>).children.push(line.marker && line.marker !== 'bullet' ? `${line.markerText} ${line.text}` : line.text);
        if (line.indent > top.indent) (current as Extract<Block, { kind: 'item' }>).nested = true;
      } else if (isHeading(line, next, options.lines) || (index === lines.findIndex(Boolean) && !line.marker && namesProcedure(line.text) && Boolean(next))) {
        // ("Lift entrapment – concierge desk" over a preamble and a list: the first line names the procedure.)
        blocks.push({ kind: 'heading', text: headingText(line.text) });
        current = null;
      } else {
        blocks.push({ kind: 'paragraph', text: line.text });
        current = null;
      }
      blankBefore = false;
    });
    return blocks;
  }
  // Running text: paragraphs split at blank lines; a line that ends without punctuation
  // and is followed by a capitalised line is a line of notes of its own.
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
  };
  lines.forEach((line, index) => {
    if (!line) return flush();
    const next = lines[index + 1] ?? undefined;
    // ("Night security patrols – procedure (Security wiki)" over a blank line and paragraphs: a title line.)
    const titleLine = index === lines.findIndex(Boolean) && !next && lines.slice(index + 1).some(Boolean) && namesProcedure(line.text) && !options.lines;
    if (blocks.length === 0 && paragraph.length === 0 && ((isHeading(line, next) && next) || titleLine)) {
      blocks.push({ kind: 'heading', text: headingText(line.text) });
      return;
    }
    // In terse notes every line is a note of its own, however it starts.
    if (options.lines) {
      flush();
      paragraph.push(line.text);
      return flush();
    }
    const endsLine = !next || /^[A-Z0-9"'(]/.test(next.text) || line.text.length < 60;
    paragraph.push(endsLine && next && !/[.!?;:,]$/.test(line.text) ? `${line.text};` : line.text);
  });
  flush();
  return blocks;
}
