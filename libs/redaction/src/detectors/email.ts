import { matchesOf, type Detector } from '../types';

// Local part, @, at least one dot in the domain and a letters-only top-level domain.
const emailPattern = /(?<![\w.%+-])[A-Za-z0-9][A-Za-z0-9._%+-]*@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,24}(?![\w-])/g;

export const findEmails: Detector = (text) => matchesOf(text, emailPattern, 'email');
