import {
  badgeColourNames,
  badgeColours,
  contrastRatio,
  MIN_TEXT_CONTRAST,
  textColourOn,
} from '@tern/domain';
import { describe, expect, it } from 'vitest';
import { demoPartners } from './demo-world.ts';

describe("the demo partners' themes", () => {
  // The portal draws its badges from the palette with the domain's badge colours
  // (apps/web/src/app/theme/build-mui-theme.ts); here they are computed from each theme.
  it.each(demoPartners.map((partner) => [partner.name, partner.palette] as const))(
    'give every badge text at 4.5:1 or more (%s)',
    (_, palette) => {
      const colours = badgeColours(palette);
      for (const name of badgeColourNames) {
        const { main, contrastText } = colours[name];
        expect(
          contrastRatio(main, contrastText),
          `${name}: ${contrastText} on ${main}`,
        ).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      }
      // The header's text on the navbar colour too.
      expect(
        contrastRatio(palette.navbar, textColourOn(palette.navbar, palette.text)),
      ).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    },
  );
});
