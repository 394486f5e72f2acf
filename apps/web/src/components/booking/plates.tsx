import { Fragment } from 'react';
import { PLATE_SEPARATOR } from '@parkly/shared/plates';

/**
 * A pass's plates as the API writes them: one, or a stay's several joined by PLATE_SEPARATOR (decision 046). A line breaks
 * between plates, never inside one, so a guard never reads half a plate on each line.
 */
export function Plates({ plate }: { plate: string }) {
  return plate.split(PLATE_SEPARATOR).map((p, i) => (
    <Fragment key={p}>
      {i > 0 && PLATE_SEPARATOR}
      <span className="whitespace-nowrap">{p}</span>
    </Fragment>
  ));
}
