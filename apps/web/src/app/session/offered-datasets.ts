import type { OfferConfig } from '@tern/domain/partners/offers';
import { offeredWebAreas } from '../../core/area.ts';
import type { Dataset } from '../../core/data/dataset.ts';
import { webAreas } from '../areas.ts';

/** The datasets of the areas a configuration offers, each area's arriving with its chunk. */
export const offeredDatasets = async (config: OfferConfig): Promise<Dataset[]> =>
  (
    await Promise.all(
      offeredWebAreas(webAreas, config).map((area) => area.datasets?.() ?? Promise.resolve([])),
    )
  ).flat();
