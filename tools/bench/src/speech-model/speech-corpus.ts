/**
 * Text as a speaker says it, for training a language model: lower case, numbers and symbols
 * as words ("3:10" → "three ten", "$5" → "five dollars"), cut into sentences at sentence
 * punctuation and line breaks, and at a word the recogniser cannot say (not in its
 * dictionary), so that no n-gram joins words that were never next to each other.
 */
const ones = 'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen'.split(' ');
const tens = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

export function numberAsWords(value: number): string {
  if (value < 20) return ones[value]!;
  if (value < 100) return tens[Math.floor(value / 10)]! + (value % 10 ? ` ${ones[value % 10]}` : '');
  if (value < 1000) return `${ones[Math.floor(value / 100)]} hundred${value % 100 ? ` ${numberAsWords(value % 100)}` : ''}`;
  if (value < 10_000 && value % 100 === 0) return `${numberAsWords(value / 100)} hundred`;
  if (value < 1_000_000) return `${numberAsWords(Math.floor(value / 1000))} thousand${value % 1000 ? ` ${numberAsWords(value % 1000)}` : ''}`;
  return String(value).split('').map((digit) => ones[Number(digit)]).join(' ');
}

const symbols: [RegExp, string][] = [
  [/(\d{1,2}):(\d{2})\b/g, '$1 $2'],
  [/(\d)\s*%/g, '$1 percent'],
  [/\$\s*(\d[\d,]*)/g, '$1 dollars'],
  [/£\s*(\d[\d,]*)/g, '$1 pounds'],
  [/€\s*(\d[\d,]*)/g, '$1 euros'],
  [/(\d)\s*°\s*c\b/gi, '$1 degrees'],
  [/&/g, ' and '],
  [/(\d),(\d{3})\b/g, '$1$2'],
  [/(\d)\.(\d)/g, '$1 point $2'],
];

export function speechSentences(text: string, isWord: (word: string) => boolean): string[][] {
  // List markers ("1.", "a)", "-") are written, not said.
  let spoken = text.replace(/[’‘]/g, "'").replace(/^[ \t]*(?:\d{1,2}[.)]|[a-z][.)]|[-*•–])[ \t]+/gim, '');
  for (const [pattern, replacement] of symbols) spoken = spoken.replace(pattern, replacement);
  spoken = spoken.replace(/\d+/g, (digits) => ` ${numberAsWords(Number(digits))} `);
  const sentences: string[][] = [];
  for (const piece of spoken.toLowerCase().split(/[.!?;:\n()]+|\s[-–—]+\s/)) {
    let sentence: string[] = [];
    for (const raw of piece.split(/[^a-z']+/)) {
      const word = raw.replace(/^'+|'+$/g, '');
      if (!word) continue;
      if (isWord(word)) sentence.push(word);
      else if (sentence.length) {
        sentences.push(sentence);
        sentence = [];
      }
    }
    if (sentence.length) sentences.push(sentence);
  }
  return sentences;
}
