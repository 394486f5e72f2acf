import { TEST_CARDS } from '@parkly/shared/payment-methods';
import { describe, expect, it } from 'vitest';
import { cvcLength, formatCardNumber, formatExpiry, lastFour, onlyDigits } from './card-format';

describe('card format', () => {
  it('groups the number as it is typed', () => {
    expect(formatCardNumber('4242424242424242')).toBe(TEST_CARDS.success);
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4000-0000-0000-0002')).toBe(TEST_CARDS.declined);
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('37828224631000599')).toBe('3782 822463 10005');
    expect(formatCardNumber('abc')).toBe('');
  });

  it('knows each brand\'s security code and the short fields', () => {
    expect(cvcLength('amex')).toBe(4);
    expect(cvcLength('visa')).toBe(3);
    expect(onlyDigits('1a23', 2)).toBe('12');
    expect(lastFour(TEST_CARDS.success)).toBe('4242');
    expect(formatExpiry(4, 2028)).toBe('04/28');
  });
});
