// What kind of text a description is (terse notes, typed talk, a transcript), and notes shouted in capitals read in lower case.
import { capitalise } from '../clauses/instruction';

/**
 * Terse notes: short lines without full stops, or clauses strung on semicolons and arrows
 * ("chk inv vs PO; sign; file"). There every fragment is a thing to do.
 */
export function isTerseNotes(text: string): boolean {
  const lines = text.split('\n').map((line) => line.trim()).filter(Boolean);
  const short = lines.filter((line) => line.length <= 80).length;
  // A full stop ends a sentence at the end of a line or before a capital; "bath: oatmeal sh. if
  // itchy, tearless on face. rinse x2" is still a line of notes.
  const stops = (text.match(/[A-Za-z0-9)][.!?](?=[ \t]*$|\s+["'(]?[A-Z0-9])/gm) ?? []).length;
  const joints = (text.match(/;|->|→|=>/g) ?? []).length;
  return (lines.length >= 3 && short >= lines.length * 0.75 && stops <= lines.length / 4) || joints >= 3;
}

/** Talk typed as heard: one long paragraph, almost all in lower case ("listen,", "unplug," are said in passing). */
export const isTypedTalk = (text: string) => text.trim().split(/\s+/).length > 40 && !/\n/.test(text.trim()) && text.replace(/[^A-Z]/g, '').length * 40 < text.length;

/** A transcript: a long run of words with no sentence punctuation or lines. */
export const isUnpunctuatedSpeech = (text: string) => text.trim().split(/\s+/).length > 40 && !/[.!?;:\n]/.test(text.trim().replace(/[.!?]$/, ''));

/**
 * "IF BENCH MATS DRY -> SOAK THEM FIRST": a line written in capitals is read (and written back)
 * in lower case; the tagger cannot read shouting, and a step need not shout.
 */
export function shoutedHeading(text: string): { title: string; rest: string } | null {
  const lines = text.split('\n');
  const at = lines.findIndex((line) => line.trim());
  const line = lines[at]?.trim() ?? '';
  const words = line.match(/[A-Za-z]{2,}/g) ?? [];
  const capitals = words.filter((word) => /^[A-Z]+$/.test(word)).length;
  // (Two or more words, the first ones in capitals; three lines of notes at least under it.)
  if (words.length < 2 || capitals < 2 || !/^[A-Z]{2,}$/.test(words[0]!) || capitals < words.length / 2 || lines.slice(at + 1).filter((rest) => rest.trim()).length < 3) return null;
  // ("PPE", "DND": a short word in capitals may be a name.)
  const title = line.replace(/\b[A-Z][A-Z']{3,}\b/g, (word) => word.toLowerCase());
  return { title: capitalise(title.replace(/[\s:;,–—-]+$/, '')), rest: lines.slice(at + 1).join('\n') };
}

export function withoutShouting(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const letters = line.replace(/[^A-Za-z]/g, '');
      const words = line.match(/[A-Za-z]{2,}/g) ?? [];
      if (letters.length < 6 || words.length < 2 || letters.replace(/[^A-Z]/g, '').length < letters.length * 0.8) {
        // "new needles - OPEN IN FRONT OF CLIENT, not before": three words or more in capitals inside a line are emphasis too.
        return line.replace(/\b[A-Z]{2,}(?:\s+[A-Z]{2,}){2,}\b/g, (run) => run.toLowerCase());
      }
      return line.toLowerCase();
    })
    .join('\n');
}
