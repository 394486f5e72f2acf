import { describe, expect, it } from 'vitest';
import { durationText, hoursLines } from './summary-format';

describe('summary text', () => {
  it('groups days with the same hours', () => {
    const w = [{ open: '07:00', close: '22:00' }];
    expect(hoursLines({ mon: w, tue: w, wed: w, thu: w, fri: w, sat: w })).toEqual(['Mon–Sat: 07:00–22:00', 'Sun: Closed']);
    expect(hoursLines({ mon: [{ open: '00:00', close: '24:00' }], tue: [{ open: '00:00', close: '24:00' }], wed: [{ open: '00:00', close: '24:00' }], thu: [{ open: '00:00', close: '24:00' }], fri: [{ open: '00:00', close: '24:00' }], sat: [{ open: '00:00', close: '24:00' }], sun: [{ open: '00:00', close: '24:00' }] })).toEqual([
      'Every day: 00:00–midnight',
    ]);
    expect(hoursLines(null)).toEqual(['Open 24/7']);
  });
  it('says durations in the largest whole unit', () => {
    expect(durationText(1440)).toBe('1 day');
    expect(durationText(120)).toBe('2 hours');
    expect(durationText(90)).toBe('90 minutes');
    expect(durationText(null)).toBeNull();
  });
});
