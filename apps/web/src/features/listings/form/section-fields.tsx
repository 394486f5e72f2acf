import type { ComponentType } from 'react';
import { AccessSection } from './access-section';
import { AvailabilitySection } from './availability-section';
import { DetailsSection } from './details-section';
import { LocationSection } from './location-section';
import { PricingSection } from './pricing-section';
import type { FormSectionKey } from './sections';
import { TypeSection } from './type-section';

/** The fields of each part, shared by the wizard's steps and Manage parking's sections. */
export const SECTION_FIELDS_COMPONENTS: Record<FormSectionKey, ComponentType> = {
  type: TypeSection,
  location: LocationSection,
  details: DetailsSection,
  pricing: PricingSection,
  availability: AvailabilitySection,
  access: AccessSection,
};
