import { positioningChannels } from '../../../shared/ipc/channels/positioning';
import type { PositioningSource } from '../../outputs';
import type { PositioningService } from './service';

// The client report's positioning numbers, read through the same service as the Positioning
// view and `parallax positioning`: every brand's recommendation rate, net sentiment, status mix
// and top attributes, and the attributes competitors own that the focus brand lacks.

/** Attributes listed per brand in the report. */
export const REPORT_ATTRIBUTES = 5;
/** Attributes the focus brand lacks, listed in the report. */
export const REPORT_ATTRIBUTE_GAPS = 8;

export function reportPositioning(service: PositioningService): PositioningSource {
  return (query) => {
    const summary = service.summary(
      positioningChannels['positioning.summary'].input.parse({ ...query, attributeLimit: REPORT_ATTRIBUTES }),
    );
    const attributeGaps =
      summary.focusBrandId === null
        ? null
        : service.attributeGaps(
            positioningChannels['positioning.attributeGaps'].input.parse({
              ...query,
              brandId: summary.focusBrandId,
              limit: REPORT_ATTRIBUTE_GAPS,
            }),
          );
    return { summary, attributeGaps };
  };
}
