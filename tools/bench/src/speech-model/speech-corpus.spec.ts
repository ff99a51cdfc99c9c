import { numberAsWords, speechSentences } from './speech-corpus';

const dictionary = new Set('a the check at ten three fifteen dollars percent five point two degrees fridge open it and then if over call manager is twenty forty one hundred'.split(' '));
const known = (word: string) => dictionary.has(word);

describe('speech corpus', () => {
  it('says numbers as words', () => {
    expect(numberAsWords(7)).toBe('seven');
    expect(numberAsWords(41)).toBe('forty one');
    expect(numberAsWords(250)).toBe('two hundred fifty');
    expect(numberAsWords(1500)).toBe('fifteen hundred');
    expect(numberAsWords(20_000)).toBe('twenty thousand');
  });

  it('says times, money, percentages and temperatures as a speaker would', () => {
    expect(speechSentences('Check at 3:15, $5 and 20%', known)).toEqual([['check', 'at', 'three', 'fifteen', 'five', 'dollars', 'and', 'twenty', 'percent']]);
    expect(speechSentences('If it is over 5°C, call the manager.', known)).toEqual([['if', 'it', 'is', 'over', 'five', 'degrees', 'call', 'the', 'manager']]);
    expect(speechSentences('2.5', known)).toEqual([['two', 'point', 'five']]);
  });

  it('cuts sentences at punctuation and at a word the recogniser does not know, and drops list markers', () => {
    expect(speechSentences('1. Open the fridge.\na) Check it; then call', known)).toEqual([['open', 'the', 'fridge'], ['check', 'it'], ['then', 'call']]);
    // "zorp" is not in the dictionary: no n-gram may join "the" and "fridge" across it.
    expect(speechSentences('open the zorp fridge', known)).toEqual([['open', 'the'], ['fridge']]);
  });
});
