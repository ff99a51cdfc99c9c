import { CAPTURE_NAME_MAX, CAPTURE_ROLE_PATTERN, CAPTURE_VALUE_MAX, captureInputTypes, type CaptureInputType, type CaptureTarget } from '@sopwright/contracts/constants';
import { accessibleName, textOf } from './accessible-name';

/** What a recorded element is: name, role, kind of input and the section around it. */

const inputTypes = new Set<string>(captureInputTypes);
const buttonInputs = new Set(['button', 'submit', 'reset', 'image']);

export const clip = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
};

/** The kind of form control, or undefined for anything else (buttons included). */
export function inputTypeOf(element: Element): CaptureInputType | undefined {
  switch (element.tagName) {
    case 'INPUT': {
      const type = (element as HTMLInputElement).type.toLowerCase();
      if (buttonInputs.has(type) || type === 'hidden') return undefined;
      return inputTypes.has(type) ? (type as CaptureInputType) : 'text';
    }
    case 'TEXTAREA':
      return 'textarea';
    case 'SELECT':
      return 'select';
    default:
      return (element as HTMLElement).isContentEditable ? 'contenteditable' : undefined;
  }
}

const inputRoles: Partial<Record<string, string>> = {
  button: 'button',
  submit: 'button',
  reset: 'button',
  image: 'button',
  checkbox: 'checkbox',
  radio: 'radio',
  range: 'slider',
  number: 'spinbutton',
  search: 'searchbox',
};

/** The element's ARIA role: its `role` attribute, else the one its tag implies. */
export function roleOf(element: Element): string | undefined {
  const explicit = element.getAttribute('role')?.trim().split(/\s+/)[0]?.toLowerCase();
  if (explicit && CAPTURE_ROLE_PATTERN.test(explicit) && explicit !== 'presentation' && explicit !== 'none') return explicit;
  const tag = element.tagName;
  switch (tag) {
    case 'A':
      return element.hasAttribute('href') ? 'link' : undefined;
    case 'BUTTON':
    case 'SUMMARY':
      return 'button';
    case 'INPUT': {
      const type = (element as HTMLInputElement).type.toLowerCase();
      if (type === 'hidden') return undefined;
      if ((type === 'text' || type === 'search' || type === 'email' || type === 'tel' || type === 'url') && element.hasAttribute('list')) return 'combobox';
      return inputRoles[type] ?? 'textbox';
    }
    case 'TEXTAREA':
      return 'textbox';
    case 'SELECT': {
      const select = element as HTMLSelectElement;
      return select.multiple || select.size > 1 ? 'listbox' : 'combobox';
    }
    case 'IMG':
      return 'img';
    case 'OPTION':
      return 'option';
    case 'LI':
      return 'listitem';
    case 'TD':
      return 'cell';
    case 'TH':
      return 'columnheader';
    default:
      if (/^H[1-6]$/.test(tag)) return 'heading';
      return (element as HTMLElement).isContentEditable ? 'textbox' : undefined;
  }
}

/** The element's name for a step: its accessible name without a trailing ':' or required-marker '*'. */
export function nameOf(element: Element): string {
  return clip(accessibleName(element).replace(/[\s:*]+$/u, ''), CAPTURE_NAME_MAX);
}

const sectionSelector = 'fieldset, dialog, [role="dialog"], [role="alertdialog"], form, section, article, [role="region"], [role="group"], [role="form"], aside, nav';

/** The section around the element: a fieldset's legend, a dialog's, form's or region's name or first heading. */
export function contextOf(element: Element): string | undefined {
  let node: Element | null = element.parentElement ?? ((element.getRootNode() as ShadowRoot).host ?? null);
  for (let depth = 0; node && depth < 40; depth += 1) {
    if (node.matches(sectionSelector)) {
      const named = node.tagName === 'FIELDSET' ? node.querySelector(':scope > legend') : null;
      const label = named ? textOf(named) : node.getAttribute('aria-label') || (node.hasAttribute('aria-labelledby') ? accessibleName(node) : '');
      const heading = label || (node.querySelector('h1, h2, h3, h4, h5, h6, [role="heading"]')?.textContent ?? '');
      const text = clip(heading, CAPTURE_NAME_MAX);
      if (text) return text;
    }
    node = node.parentElement ?? ((node.getRootNode() as ShadowRoot).host ?? null);
  }
  return undefined;
}

export function describeTarget(element: Element): CaptureTarget {
  const role = roleOf(element);
  const inputType = inputTypeOf(element);
  const context = contextOf(element);
  return { name: nameOf(element), ...(role ? { role } : {}), ...(inputType ? { inputType } : {}), ...(context ? { context } : {}) };
}

const secretAutocomplete = /\b(cc-|one-time-code|current-password|new-password)/i;
const secretName = /pass(word|code|phrase)?|pwd|\bpin\b|cvv|cvc|csc|ssn|social.?security|secret|token|otp|iban|card.?(number|no)|security.?code/i;

/**
 * A field whose value the extension never reads, whatever the user opts in to: passwords,
 * one-time codes, card numbers and fields named like secrets.
 */
export function isSecretField(element: Element): boolean {
  if (element.tagName === 'INPUT' && (element as HTMLInputElement).type.toLowerCase() === 'password') return true;
  const autocomplete = element.getAttribute('autocomplete') ?? '';
  if (secretAutocomplete.test(autocomplete)) return true;
  const names = [element.getAttribute('name'), element.id, element.getAttribute('aria-label')].filter(Boolean).join(' ');
  return secretName.test(names);
}

/**
 * What the user put in a field, for the review's "Include what I typed" (kept in the browser
 * until then); undefined for a secret field or a file input, whose value is never read.
 */
export function valueOf(element: Element): string | undefined {
  if (isSecretField(element)) return undefined;
  const type = inputTypeOf(element);
  if (type === 'file' || type === 'select' || type === 'checkbox' || type === 'radio') return undefined;
  const raw = type === 'contenteditable' ? ((element as HTMLElement).innerText ?? element.textContent ?? '') : ((element as HTMLInputElement).value ?? '');
  const value = raw.trim();
  return value ? value.slice(0, CAPTURE_VALUE_MAX) : undefined;
}

/** The labels of the chosen options of a <select>. */
export function selectedLabel(select: HTMLSelectElement): string {
  return clip(
    Array.from(select.selectedOptions, (option) => option.label || option.text)
      .map((label) => label.trim())
      .filter(Boolean)
      .join(', '),
    CAPTURE_NAME_MAX * 2,
  );
}
