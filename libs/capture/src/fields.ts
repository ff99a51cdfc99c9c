import type { CaptureInputType } from '@sopwright/contracts';

/**
 * What a field asks for, read from its label and kind: "the customer's name" for a field
 * labelled Customer, "the email address" for an email field. Only for labels that say it
 * plainly; anything else gets no description ("Type in “Reference”").
 */

/** Labels naming a person or an organisation: the field takes its name. */
const parties = [
  'customer',
  'client',
  'vendor',
  'supplier',
  'employee',
  'contact',
  'owner',
  'recipient',
  'assignee',
  'manager',
  'patient',
  'student',
  'member',
  'user',
  'company',
  'organisation',
  'organization',
  'account',
  'project',
  'team',
];

/** Label (lower case, no trailing colon or asterisk) → what to type. First match wins. */
const described: [RegExp, string][] = [
  [/^(e-?mail|e-?mail address|your e-?mail( address)?|work e-?mail)$/, 'the email address'],
  [/^(phone|phone number|telephone|mobile|mobile number|tel)$/, 'the phone number'],
  [/^(user ?name|login|user id)$/, 'your user name'],
  [/^(password|current password|new password|confirm password|passcode|pin)$/, 'the password'],
  [/^(full name|your name|name)$/, 'the name'],
  [/^(first name|given name)$/, 'the first name'],
  [/^(last name|surname|family name)$/, 'the last name'],
  [/^(company name|business name|organi[sz]ation name)$/, 'the company name'],
  [/^(street|street address|address|address line 1|address line 2)$/, 'the address'],
  [/^(city|town)$/, 'the city'],
  [/^(zip|zip code|postcode|post code|postal code)$/, 'the postal code'],
  [/^(country)$/, 'the country'],
  [/^(amount|price|total|cost|sum)$/, 'the amount'],
  [/^(quantity|qty)$/, 'the quantity'],
  [/^(date|due date|start date|end date|date of birth|birth date)$/, 'the date'],
  [/^(title|subject)$/, 'the $0'],
  [/^(description|summary)$/, 'a description'],
  [/^(notes?|comments?|remarks?)$/, 'your notes'],
  [/^(message|your message)$/, 'your message'],
  [/^(website|url|web address|link)$/, 'the web address'],
  [/^(search|search for|find|keywords?|query)$/, 'what you are looking for'],
  [/^(reference|ref|order number|invoice number|po number|purchase order)$/, 'the $0'],
];

/** The label as a key: lower case, without a trailing ':' or '*' (required marker). */
export function labelKey(label: string): string {
  return label
    .toLowerCase()
    .replace(/[\s:*]+$/u, '')
    .replace(/^[\s*]+/u, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The label as words in a sentence: lower case, but acronyms (PO, VAT) kept. */
function natural(label: string): string {
  return label
    .replace(/[\s:*]+$/u, '')
    .replace(/^[\s*]+/u, '')
    .split(/\s+/)
    .map((word) => (/^[A-Z0-9]{2,}$/.test(word) ? word : word.toLowerCase()))
    .join(' ');
}

/** What to type into a field, or null when its label and kind do not say. */
export function describeField(label: string, inputType?: CaptureInputType): string | null {
  const key = labelKey(label);
  if (inputType === 'email' && !key) return 'the email address';
  if (inputType === 'tel' && !key) return 'the phone number';
  if (inputType === 'password') return 'the password';
  for (const [pattern, description] of described) {
    const match = pattern.exec(key);
    if (match) return description.replace('$0', natural(label));
  }
  const party = parties.find((word) => key === word || key === `${word} name`);
  if (party) return `the ${party}'s name`;
  if (inputType === 'email') return 'the email address';
  if (inputType === 'tel') return 'the phone number';
  if (inputType === 'url') return 'the web address';
  return null;
}
