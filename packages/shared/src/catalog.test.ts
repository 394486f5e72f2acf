import { describe, expect, it } from 'vitest';
import { AMENITY_KEYS, CANCELLATION_POLICY_KEYS, PARKING_TYPE_KEYS, VEHICLE_TYPE_KEYS } from './catalog';

// The keys are pinned by DESIGN section 4: clients outside the project use them.
describe('catalog keys', () => {
  it('keeps the pinned keys', () => {
    expect(PARKING_TYPE_KEYS).toEqual(['driveway', 'garage', 'carport', 'open_lot', 'covered_lot', 'street', 'indoor_storage', 'outdoor_storage']);
    expect(VEHICLE_TYPE_KEYS).toEqual(['motorcycle', 'hatchback', 'sedan', 'suv', 'van', 'truck', 'rv', 'boat', 'trailer']);
    expect(AMENITY_KEYS).toEqual(['covered', 'ev_charging', 'cctv', 'gated', 'lighting', 'security_guard', 'access_24_7', 'wheelchair_accessible', 'valet', 'car_wash']);
    expect(CANCELLATION_POLICY_KEYS).toEqual(['flexible', 'moderate', 'strict']);
  });
});
