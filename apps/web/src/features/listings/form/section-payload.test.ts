import { describe, expect, it } from 'vitest';
import { formValuesOf } from './listing-form-values';
import { sectionPayload } from './section-payload';
import { formPathOfApiField, sectionOfApiField } from './sections';

const blank = () => formValuesOf(null);

describe('sectionPayload', () => {
  it('sends rupees as paise and a switched-off rate as null', () => {
    const v = blank();
    v.hourly_rate = { on: true, amount: '40' };
    v.daily_rate = { on: false, amount: '250' };
    v.min_stay = { amount: '2', unit: 'hours' };
    const { input, errors } = sectionPayload('pricing', v);
    expect(errors).toEqual({});
    expect(input).toMatchObject({ hourly_rate: 4000, daily_rate: null, weekly_rate: null, monthly_rate: null, min_duration_minutes: 120, max_duration_minutes: null });
  });

  it('asks for a rate before publishing, and for the amount of a rate that is on', () => {
    const v = blank();
    for (const f of ['hourly_rate', 'daily_rate', 'weekly_rate', 'monthly_rate'] as const) v[f] = { on: false, amount: '' };
    expect(sectionPayload('pricing', v, { complete: true }).errors).toEqual({ 'root.rates': 'Switch on at least one rate' });
    v.hourly_rate = { on: true, amount: '' };
    expect(sectionPayload('pricing', v).errors['hourly_rate.amount']).toMatch(/Enter an amount/);
  });

  it('sends two-wheelers per unit and the two-wheeler rates (blank: the car rate), with field errors', () => {
    const v = blank();
    v.hourly_rate = { on: true, amount: '40' };
    v.daily_rate = { on: false, amount: '' };
    v.two_wheelers_per_unit = '4';
    v.two_wheeler_hourly_rate = '15';
    v.two_wheeler_daily_rate = '90';
    const { input, errors } = sectionPayload('pricing', v);
    expect(errors).toEqual({});
    // a two-wheeler rate is sent only beside its car rate
    expect(input).toMatchObject({ two_wheelers_per_unit: 4, two_wheeler_hourly_rate: 1500, two_wheeler_daily_rate: null, two_wheeler_weekly_rate: null });
    v.two_wheelers_per_unit = '7';
    v.two_wheeler_hourly_rate = 'cheap';
    const bad = sectionPayload('pricing', v).errors;
    expect(bad.two_wheelers_per_unit).toMatch(/at most 6/);
    expect(bad.two_wheeler_hourly_rate).toMatch(/in rupees/);
    v.two_wheelers_per_unit = '';
    expect(sectionPayload('pricing', v).errors.two_wheelers_per_unit).toMatch(/from 1 to 6/);
    expect(sectionOfApiField('two_wheelers_per_unit')).toBe('pricing');
    expect(sectionOfApiField('two_wheeler_daily_rate')).toBe('pricing');
  });

  it('checks with the shared schema and puts its errors on the form fields', () => {
    const v = blank();
    v.hourly_rate = { on: true, amount: '0.5' };
    expect(sectionPayload('pricing', v).errors['hourly_rate.amount']).toMatch(/at least ₹1/);
    v.address.postal_code = '12345';
    expect(sectionPayload('location', v).errors['address.postal_code']).toBe('Enter a 6-digit PIN code');
  });

  it('sends opening hours with midnight as 24:00, or null for 24/7', () => {
    const v = blank();
    expect(sectionPayload('availability', v).input.opening_hours).toBeNull();
    v.open_24_7 = false;
    v.opening_hours.mon = [{ open: '18:00', close: '00:00' }];
    const { input, errors } = sectionPayload('availability', v);
    expect(errors).toEqual({});
    expect((input.opening_hours as Record<string, unknown>).mon).toEqual([{ open: '18:00', close: '24:00' }]);
  });

  it('refuses windows that end before they start', () => {
    const v = blank();
    v.open_24_7 = false;
    v.opening_hours.tue = [{ open: '10:00', close: '09:00' }];
    expect(sectionPayload('availability', v).errors['opening_hours.tue.0.close']).toMatch(/after opening/);
  });

  it('leaves out the charger unless the EV amenity is chosen', () => {
    const v = blank();
    v.ev_connector = 'type2';
    expect(sectionPayload('details', v).input).not.toHaveProperty('ev_connector');
    v.amenities = ['ev_charging'];
    v.ev_connector = '';
    expect(sectionPayload('details', v, { complete: true }).errors.ev_connector).toMatch(/connector/);
  });
});

describe('API field paths', () => {
  it('find their step and their form field', () => {
    expect(sectionOfApiField('address.city')).toBe('location');
    expect(sectionOfApiField('position')).toBe('location');
    expect(sectionOfApiField('opening_hours.mon.0.close')).toBe('availability');
    expect(sectionOfApiField('rates')).toBe('pricing');
    expect(sectionOfApiField('photos')).toBe('photos');
    expect(formPathOfApiField('opening_hours.mon.0.close')).toBe('opening_hours.mon.0.close');
    expect(formPathOfApiField('opening_hours')).toBe('root.opening_hours');
    expect(formPathOfApiField('daily_rate')).toBe('daily_rate.amount');
    expect(formPathOfApiField('vehicle_types.2')).toBe('vehicle_types');
  });
});
