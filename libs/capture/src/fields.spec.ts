import { describeField, labelKey } from './fields';
import { clip, renderParts, strong } from './text';

describe('describeField', () => {
  it('reads labels that say what they take', () => {
    expect(describeField('Customer')).toBe("the customer's name");
    expect(describeField('Supplier name')).toBe("the supplier's name");
    expect(describeField('E-mail address:')).toBe('the email address');
    expect(describeField('Post code *')).toBe('the postal code');
    expect(describeField('PO number')).toBe('the PO number');
    expect(describeField('Invoice Number')).toBe('the invoice number');
    expect(describeField('Subject')).toBe('the subject');
  });

  it('falls back on the kind of input, and says nothing otherwise', () => {
    expect(describeField('', 'email')).toBe('the email address');
    expect(describeField('Contact', 'tel')).toBe("the contact's name");
    expect(describeField('Reach me at', 'tel')).toBe('the phone number');
    expect(describeField('Anything', 'password')).toBe('the password');
    expect(describeField('Colour of the van')).toBeNull();
    expect(describeField('')).toBeNull();
  });

  it('keys labels without case, colons, asterisks or extra spaces', () => {
    expect(labelKey('  *Due   Date: * ')).toBe('due date');
  });
});

describe('renderParts and clip', () => {
  it('quotes, bolds or leaves names bare', () => {
    const parts = ['Click ', strong('Save'), ' now'];
    expect(renderParts(parts)).toBe('Click "Save" now');
    expect(renderParts(parts, 'markdown')).toBe('Click **Save** now');
    expect(renderParts(parts, 'plain')).toBe('Click Save now');
  });

  it('collapses white space and cuts with an ellipsis within the limit', () => {
    expect(clip(' a \n b ', 10)).toBe('a b');
    expect(clip('abcdefghij', 6)).toBe('abcde…');
  });
});
