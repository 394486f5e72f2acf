import { describe, expect, it } from 'vitest';
import { lineDetail } from './quote-lines';

describe('quote lines', () => {
  it('shows rate × quantity', () => {
    expect(lineDetail({ kind: 'hourly', label: 'Hourly rate', quantity: 3, unit_amount: 5000, amount: 15000 }, 'INR')).toBe('3 hours × ₹50');
    expect(lineDetail({ kind: 'daily', label: 'Daily rate', quantity: 1, unit_amount: 20050, amount: 20050 }, 'INR')).toBe('1 day × ₹200.50');
    expect(lineDetail({ kind: 'monthly', label: 'Monthly rate', quantity: 2, unit_amount: 300000, amount: 600000 }, 'INR')).toBe('2 months × ₹3,000');
    expect(lineDetail({ kind: 'service_fee', label: 'Service fee', quantity: 1, unit_amount: 1200, amount: 1200 }, 'INR')).toBe('Service fee');
  });
});
